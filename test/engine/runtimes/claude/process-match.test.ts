/** Which processes are Claude Code: every capture's pane_current_command, and node/bun/native launches. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { CLAUDE_FIXTURES, V197, captureNames, metaField } from './load-fixture.ts';

describe('matchesProcess', () => {
  for (const folder of [CLAUDE_FIXTURES, join(CLAUDE_FIXTURES, V197)]) {
    it(`agrees with pane_current_command in every .meta of ${folder.endsWith(V197) ? V197 : '2.1.329'}`, () => {
      const seen = new Set<string>();
      for (const name of captureNames(folder)) {
        const command = metaField(folder, name, 'pane_current_command');
        if (command === null) continue;
        seen.add(command);
        // After the trust dialog exited the CLI the pane runs the shell again.
        expect(claudeRuntime.matchesProcess(command), `${name}: ${command}`).toBe(command === 'claude');
      }
      expect([...seen].sort()).toEqual(['bash', 'claude']);
    });
  }

  it.each([
    ['node', '/usr/bin/node /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'],
    ['node', 'node /home/dev/.npm-global/bin/claude --resume'],
    ['bun', 'bun /home/dev/cc/node_modules/.bin/claude'],
    ['2.1.329', '/home/dev/.local/share/claude/versions/2.1.329'],
    ['2.1.329', 'claude --continue'],
    ['/usr/local/bin/claude', undefined],
  ])('%s running %s is Claude', (command, argv) => {
    expect(claudeRuntime.matchesProcess(command, argv)).toBe(true);
  });

  it.each([
    ['bash', undefined],
    ['vim', 'vim claude.md'],
    ['node', 'node server.js --name claude-proxy'],
    ['node', 'node /home/dev/codex/bin/codex.js'],
    ['node', undefined],
    ['2.1.329', undefined],
    ['2.1.329', '/opt/other/tool/2.1.329'],
    ['codex', 'codex'],
    ['claude-monitor', 'claude-monitor'],
  ])('%s running %s is not Claude', (command, argv) => {
    expect(claudeRuntime.matchesProcess(command, argv)).toBe(false);
  });
});
