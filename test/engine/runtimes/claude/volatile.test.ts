/** Claude's volatile lines: what changes while a turn runs is stripped; what a prompt says never is. */
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { CLAUDE_FIXTURES, plainLines } from './load-fixture.ts';

const stable = (name: string): string[] => plainLines(CLAUDE_FIXTURES, name).filter((l) => !claudeRuntime.isVolatileLine(l));

describe('isVolatileLine', () => {
  it('working-2 and working-3 are identical once volatile lines are stripped (only spinner and counters moved)', () => {
    expect(plainLines(CLAUDE_FIXTURES, 'working-2')).not.toEqual(plainLines(CLAUDE_FIXTURES, 'working-3'));
    expect(stable('working-2')).toEqual(stable('working-3'));
  });

  it('working-1 and working-2 still differ: the streamed answer is real change', () => {
    const a = stable('working-1');
    const b = stable('working-2');
    const differing = a.filter((line, i) => line !== b[i]);
    expect(differing).toEqual(['●']);
  });

  it.each([
    '· Seasoning… (2s · ↓ 29 tokens)',
    '✢ Seasoning… (10s · ↓ 47 tokens)',
    '✽ Forging… (4s · ↓ 29 tokens · thinking)',
    '✽ Flibbertigibbeting… (4s · thinking)',
    '  ⎿  Tip: Use Plan Mode to prepare for a complex request before making changes. Press shift+tab twice to enable.',
    '                                                                                          ctrl+y to paste deleted text',
    '                                                                                                    ◐ medium · /effort',
    '  ⏸ manual mode on · esc to interrupt · ← for agents',
    '  ⏸ manual mode on · ? for shortcuts',
    '  ⏵⏵ auto mode on (shift+tab to cycle)',
    '  esc to interrupt · ← for agents                                                         Ctrl+Y to paste deleted text',
    '  ? for shortcuts · ← for agents                                                                      ● high · /effort',
    "                  tmux focus-events off · add 'set -g focus-events on' to ~/.tmux.conf and reattach for focus tracking",
    '● Running the requested command · 3s',
    '  ⎿  $ sleep 15; echo slept (3s)',
    '  ⎿  Running… (4s)',
    '\x1b[38;5;246m· Doing… (6s · ↓ 38 tokens)\x1b[39m',
  ])('volatile: %s', (line) => {
    expect(claudeRuntime.isVolatileLine(line)).toBe(true);
  });

  it('no line of a permission prompt is volatile', () => {
    const lines = plainLines(CLAUDE_FIXTURES, 'perm-bash');
    const from = lines.findIndex((l) => l.startsWith('────'));
    const prompt = lines.slice(from).filter((l) => l.trim() !== '');
    expect(prompt.length).toBeGreaterThan(8);
    expect(prompt.filter((l) => claudeRuntime.isVolatileLine(l))).toEqual([]);
  });

  it.each([
    '✻ Worked for 30s · done 11:00 PM',
    '● Done: I listed /tmp with ls -la /tmp.',
    '  ⎿  Interrupted · What should Claude do instead?',
    '● Listing 1 directory… (ctrl+o to expand)',
    '❯ please refactor the parser so that',
    ' ❯ 1. Yes',
  ])('not volatile: %s', (line) => {
    expect(claudeRuntime.isVolatileLine(line)).toBe(false);
  });
});
