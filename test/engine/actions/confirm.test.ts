// Rule guarded: after a key, the pane is only watched — never a second key — until the prompt left
// (then: confirmed) or the deadline passed (then: not confirmed); a pane that vanished counts as left.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIRM, waitUntilLeft } from '../../../main/engine/actions/confirm.ts';
import type { PaneLook } from '../../../main/engine/actions/types.ts';
import type { JournalEntry } from './support/fake-panes.ts';
import { ScriptedPanes, SteppingClock, claudePrompt, idle, keysSent } from './support/fake-panes.ts';

const prompt = claudePrompt();
const stillPrompt = (l: PaneLook) => l.kind === 'screen' && l.screen.kind === 'permission';

function setup(screens: Parameters<typeof ScriptedPanes.prototype.afterKeys>[0]) {
  const journal: JournalEntry[] = [];
  const clock = new SteppingClock();
  return { journal, clock, panes: new ScriptedPanes(journal, clock, screens) };
}

describe('waitUntilLeft', () => {
  it('is true on the first look that no longer shows the prompt', async () => {
    const { journal, clock, panes } = setup([prompt, prompt, idle()]);
    expect(await waitUntilLeft(panes, 'default|%1', stillPrompt, clock)).toBe(true);
    expect(journal.filter((e) => e.op === 'look')).toHaveLength(3);
  });

  it('counts a vanished pane as left', async () => {
    const { clock, panes } = setup(['gone']);
    expect(await waitUntilLeft(panes, 'default|%1', stillPrompt, clock)).toBe(true);
  });

  it('is false once the deadline passes, having only looked (never a key), at the poll interval', async () => {
    const { journal, clock, panes } = setup([prompt]);
    const start = clock.now();
    expect(await waitUntilLeft(panes, 'default|%1', stillPrompt, clock, { timeoutMs: 1000, pollMs: 100 })).toBe(false);
    const looks = journal.filter((e) => e.op === 'look').map((e) => (e.op === 'look' ? e.at - start : 0));
    expect(keysSent(journal)).toEqual([]);
    expect(journal.every((e) => e.op === 'look')).toBe(true);
    expect(looks[0]).toBe(0);
    expect(looks.at(-1)).toBeGreaterThanOrEqual(1000);
    expect(looks.length).toBe(11);
  });

  it('gives the prompt the product deadline of 5 s by default', () => {
    expect(DEFAULT_CONFIRM.timeoutMs).toBe(5000);
  });
});
