/** Claude Code in a tall pane (issue 29): the input box above a long agents/tasks panel and hundreds of blank rows. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';

const screen = (id: string) =>
  readFileSync(join(import.meta.dirname, '../../../fixtures/peer-screens/screens', `${id}.txt`), 'utf8')
    .replace(/\n$/, '')
    .split('\n');
const blank = (n: number) => Array.from({ length: n }, () => '');
const AGENTS = [
  '  ◯ Explore   Map the tests   12s · ↓ 80 tokens',
  '  ◯ Explore   Read the docs   9s · ↓ 40 tokens',
  '  ◯ general   Check the CI   3s',
  '  ◯ Plan      Draft the steps   1s',
];

describe('Claude Code in a 1000-row pane', () => {
  it('still sees the agent waiting for its background agents above a long agent panel and blank rows', () => {
    const lines = screen('claude-herdr-background-agent-wait');
    const end = lines.findLastIndex((l) => l.trim() !== '');
    const tall = [...lines.slice(0, end + 1), ...AGENTS, ...blank(1000 - end - 1 - AGENTS.length)];
    expect(tall).toHaveLength(1000);
    expect(claudeRuntime.classify({ lines: tall })).toMatchObject({ kind: 'working' });
  });

  it('reads "Waiting for background work to finish" over the prompt as working', () => {
    const lines = screen('claude-herdr-background-agent-wait').map((l) =>
      l.replace('Waiting for 1 background agent to finish', 'Waiting for background work to finish (2 agents)'),
    );
    expect(lines.some((l) => l.includes('Waiting for background work'))).toBe(true);
    expect(claudeRuntime.classify({ lines })).toMatchObject({ kind: 'working' });
  });

  it('reads an idle prompt above a task panel as idle', () => {
    const lines = screen('claude-agentdeck-idle-no-bg');
    const end = lines.findLastIndex((l) => l.trim() !== '');
    const panel = ['  ◐ Tasks · 1 done · 2 remaining', '  ✔ Read the config', '  ◻ Write the tests', '  ◻ Run the suite'];
    const tall = [...blank(400), ...lines.slice(0, end + 1), ...panel, ...blank(500)];
    expect(claudeRuntime.classify({ lines: tall })).toMatchObject({ kind: 'idle' });
  });

  it('reads a permission prompt with hundreds of blank rows under it exactly as without them', () => {
    const lines = screen('claude-warden-bash-plain');
    expect(claudeRuntime.classify({ lines: [...lines, ...blank(900)] })).toEqual(claudeRuntime.classify({ lines }));
  });
});
