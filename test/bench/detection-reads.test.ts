/** The detection bench's read check: every queued item and received key held against what the agent drew. */
import { describe, expect, it } from 'vitest';
import { checkReads } from '../../bench/detection-reads.ts';
import { FLEET_RUNTIMES } from '../../test/support/scenarios/fleet.ts';

const kiro = FLEET_RUNTIMES.kiro.expected;
const item = (reason: string, runtime: string, approveLabel: string | null) => ({ t: 1, reason, runtime, approveLabel });

describe('checkReads', () => {
  it('accepts the expected permission item, idle items between prompts, and the approve key', () => {
    const added = [item('permission', 'kiro', 'Yes, single permission'), item('idle', 'kiro', null)];
    expect(checkReads({ label: 'kiro #4', expected: kiro, added, keys: ['Enter', 'Enter'] })).toEqual({ wrongReads: [], wrongKeys: [] });
  });

  it.each([
    ['another runtime', item('permission', 'claude', 'Yes, single permission')],
    ['approve withheld', item('permission', 'kiro', null)],
    ['another option approved', item('permission', 'kiro', 'Trust, always allow in this session')],
    ['a dialog', item('dialog', 'kiro', null)],
    ['unknown', item('unknown', 'kiro', null)],
  ])('flags a prompt read as %s', (_what, added) => {
    expect(checkReads({ label: 'kiro #4', expected: kiro, added: [added], keys: [] }).wrongReads).toHaveLength(1);
  });

  it('flags any key but the approve key', () => {
    expect(checkReads({ label: 'kiro #4', expected: kiro, added: [], keys: ['Enter', 'Down', 'Escape'] }).wrongKeys).toEqual([
      'kiro #4: received Down',
      'kiro #4: received Escape',
    ]);
  });

  it('flags any item or key on a busy agent', () => {
    const r = checkReads({ label: 'busy codex #1', expected: null, added: [item('idle', 'codex', null)], keys: ['1'] });
    expect(r.wrongReads).toEqual(['busy codex #1: busy, queued as idle (codex, approve null)']);
    expect(r.wrongKeys).toEqual(['busy codex #1: received 1']);
  });
});
