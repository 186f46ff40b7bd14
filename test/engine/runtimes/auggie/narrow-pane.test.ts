/**
 * Auggie 0.36.0 in a 20-column pane (real capture, test/fixtures/panes/auggie/sizes/perm-shell-w20): the box
 * title wraps (`Tool Approval` / `Required`) and the `[A]llow [D]eny` line is whole under it. It is the same
 * approval as at 120 columns: approve `a` (one call), deny `d`.
 */
import { describe, expect, it } from 'vitest';
import { auggieRuntime } from '../../../../main/engine/runtimes/auggie/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { loadSizeCapture } from '../../../support/size-captures.ts';

const capture = (name: string) => loadSizeCapture('auggie', name);

describe('auggie tool approval with its title wrapped', () => {
  it('keeps approve a and deny d at 20 columns', () => {
    const screen = auggieRuntime.classify(capture('perm-shell-w20'));
    expect(screen.kind).toBe('permission');
    if (screen.kind !== 'permission') return;
    expect(screen.question).toBe('Tool Approval Required');
    expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['a', 'd']);
  });
});
