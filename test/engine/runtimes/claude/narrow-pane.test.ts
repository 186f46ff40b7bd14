/**
 * Claude Code 2.1.332 in narrow panes (real captures, test/fixtures/panes/claude/sizes): the question wraps
 * over several rows under the content box; it is read whole, and the keys stay where they are at 120 columns.
 */
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { CLAUDE_FIXTURES, loadCapture } from './load-fixture.ts';

const SIZES = `${CLAUDE_FIXTURES}/sizes`;

describe('Claude Code permission prompt at narrow widths', () => {
  for (const width of [20, 30, 40]) {
    it(`reads the wrapped question whole at ${width} columns`, () => {
      const screen = claudeRuntime.classify(loadCapture(SIZES, `perm-shell-w${width}`));
      expect(screen.kind).toBe('permission');
      if (screen.kind !== 'permission') return;
      expect(screen.question).toBe('Do you want to proceed?');
      expect(screen.tool).toBe('Bash command');
      expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['1', '4']);
    });
  }

  it('keeps the command out of the question (the rows above the closing dashed line are the box)', () => {
    const screen = claudeRuntime.classify(loadCapture(SIZES, 'perm-shell-w20'));
    expect(screen.kind === 'permission' && screen.subject).toContain('echo ran >>');
  });
});
