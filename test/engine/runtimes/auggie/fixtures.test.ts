/** Synthetic Auggie screens (test/fixtures/panes/auggie/README.md) classify as meant. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { auggieRuntime } from '../../../../main/engine/runtimes/auggie/index.ts';
import type { ScreenKind } from '../../../../main/engine/runtimes/types.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';

const TABLE: Record<string, ScreenKind> = {
  perm: 'permission',
  question: 'dialog',
  idle: 'idle',
  'idle-draft': 'idle',
  working: 'working',
};

describe('auggie synthetic screens', () => {
  it('has a table entry for every screen and a screen for every entry', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames('auggie'));
  });

  for (const [name, kind] of Object.entries(TABLE)) {
    it(`${name} is ${kind}`, () => {
      expect(auggieRuntime.classify(loadCapture('auggie', name)).kind).toBe(kind);
    });
  }

  it('reads the approval but offers neither an approve nor a deny key', () => {
    const screen = auggieRuntime.classify(loadCapture('auggie', 'perm'));
    if (screen.kind !== 'permission') throw new Error(screen.kind);
    expect([screen.subject, screen.highlighted, screen.confidence]).toEqual(['rm -rf build', 0, 'low']);
    expect(screen.options.map((o) => o.label)).toEqual(['Allow', 'Deny']);
    expect(approveKeyFor(screen)).toBeNull();
    expect(denyKeyFor(screen)).toBeNull();
  });

  it('reads the draft in the input box', () => {
    expect(auggieRuntime.classify(loadCapture('auggie', 'idle-draft'))).toEqual({ kind: 'idle', runtime: 'auggie', draft: 'now run the tests' });
  });

  it('is not idle when a prompt line has no box edge under it', () => {
    const lines = [' ● Done.', '', '│ › │'];
    expect(auggieRuntime.classify({ lines }).kind).toBe('unknown');
  });
});
