/** Synthetic Cursor agent screens (test/fixtures/panes/cursor/README.md) classify as meant. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { cursorRuntime } from '../../../../main/engine/runtimes/cursor/index.ts';
import type { ScreenKind } from '../../../../main/engine/runtimes/types.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';

const TABLE: Record<string, ScreenKind> = {
  'perm-shell': 'permission',
  'perm-shell-skip-selected': 'permission',
  trust: 'dialog',
  'idle-fresh': 'idle',
  'idle-after-turn': 'idle',
  working: 'working',
  // A typed draft cannot be told from output without a capture: not idle, so nothing is typed in.
  'typed-draft': 'unknown',
};

describe('cursor synthetic screens', () => {
  it('has a table entry for every screen and a screen for every entry', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames('cursor'));
  });

  for (const [name, kind] of Object.entries(TABLE)) {
    it(`${name} is ${kind}`, () => {
      expect(cursorRuntime.classify(loadCapture('cursor', name)).kind).toBe(kind);
    });
  }

  it('reads the approval: command, labels with their keys and kinds, highlight; approve y, deny n', () => {
    const screen = cursorRuntime.classify(loadCapture('cursor', 'perm-shell'));
    if (screen.kind !== 'permission') throw new Error(screen.kind);
    expect(screen.subject).toBe('npm test');
    expect(screen.question).toBe('Run this command?');
    expect(screen.options.map((o) => [o.key, o.label, o.kind])).toEqual([
      ['y', 'Run (once) (y)', 'once'],
      ['Tab', 'Add Shell(npm) to allowlist? (tab)', 'always'],
      ['BTab', 'Run Everything (shift+tab)', 'always'],
      ['n', 'Skip (esc or n)', 'deny'],
    ]);
    expect(screen.highlighted).toBe(0);
    expect(screen.confidence).toBe('high');
    expect(approveKeyFor(screen)).toBe('y');
    expect(denyKeyFor(screen)).toBe('n');
  });

  it('follows the highlight to Skip; the printed y still selects Run (once)', () => {
    const screen = cursorRuntime.classify(loadCapture('cursor', 'perm-shell-skip-selected'));
    if (screen.kind !== 'permission') throw new Error(screen.kind);
    expect([screen.subject, screen.highlighted]).toEqual(['rm -rf build', 3]);
    expect(approveKeyFor(screen)).toBe('y');
  });

  it('reads the trust modal options with their bracket keys (a dialog: never approved)', () => {
    const screen = cursorRuntime.classify(loadCapture('cursor', 'trust'));
    expect(screen.kind === 'dialog' && [screen.dialogId, screen.options.map((o) => o.key)]).toEqual(['cursor.workspace-trust', ['a', 'q']]);
  });
});
