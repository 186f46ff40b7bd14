/** Synthetic kiro-cli screens (test/fixtures/panes/kiro/README.md) classify as meant. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { kiroRuntime } from '../../../../main/engine/runtimes/kiro/index.ts';
import type { ScreenKind } from '../../../../main/engine/runtimes/types.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';

const TABLE: Record<string, ScreenKind> = {
  'perm-classic': 'permission',
  'perm-tui': 'permission',
  'idle-tui': 'idle',
  'idle-classic': 'idle',
  'working-tui': 'working',
  'working-classic': 'working',
};

describe('kiro synthetic screens', () => {
  it('has a table entry for every screen and a screen for every entry', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames('kiro'));
  });

  for (const [name, kind] of Object.entries(TABLE)) {
    it(`${name} is ${kind}`, () => {
      expect(kiroRuntime.classify(loadCapture('kiro', name)).kind).toBe(kind);
    });
  }

  it('reads the classic prompt: tool and command, and offers no key (it needs a letter and Enter)', () => {
    const screen = kiroRuntime.classify(loadCapture('kiro', 'perm-classic'));
    if (screen.kind !== 'permission') throw new Error(screen.kind);
    expect([screen.tool, screen.subject]).toEqual(['shell', 'git status --short']);
    expect(screen.options.every((o) => o.key === null)).toBe(true);
    expect(approveKeyFor(screen)).toBeNull();
    expect(denyKeyFor(screen)).toBeNull();
  });

  it('reads the terminal UI prompt: tool, command, options and highlight; no keys', () => {
    const screen = kiroRuntime.classify(loadCapture('kiro', 'perm-tui'));
    if (screen.kind !== 'permission') throw new Error(screen.kind);
    expect([screen.tool, screen.subject, screen.highlighted]).toEqual(['shell', 'git push origin main', 0]);
    expect(screen.options.map((o) => o.label)).toEqual(['Yes, single permission', 'Trust, always allow', 'No (tab to edit)']);
    expect(approveKeyFor(screen)).toBeNull();
    expect(denyKeyFor(screen)).toBeNull();
  });
});
