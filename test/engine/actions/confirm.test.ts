// Rule guarded: after a key, the pane is only watched — never a second key — until the prompt left
// (then: confirmed) or the deadline passed (then: not confirmed); a pane that vanished counts as left.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIRM, NO_PERMISSION_PROMPT, PROVEN_LOOK_WAIT_MS, waitUntilLeft } from '../../../main/engine/actions/confirm.ts';
import type { PaneLook } from '../../../main/engine/actions/types.ts';
import { runtimeById } from '../../../main/engine/runtimes/catalog.ts';
import type { Screen } from '../../../main/engine/runtimes/types.ts';
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

/** Panes whose observer proves the looks in `proven`, one per wait (null: none in time); counts the waits. */
function withProven(panes: ScriptedPanes, proven: (PaneLook | null)[]) {
  const asked: { after: number; withinMs: number }[] = [];
  const access = Object.assign(Object.create(panes) as ScriptedPanes, {
    async provenLook(_key: string, after: number, withinMs: number) {
      asked.push({ after, withinMs });
      const next = proven.length > 1 ? proven.shift()! : proven[0]!;
      return next === null ? null : { ...next, requestedAt: after + 1 };
    },
  });
  return { access, asked };
}

const shown = (screen: Screen): PaneLook => ({ kind: 'screen', screen, runtime: runtimeById('claude') });

describe('waitUntilLeft with the observer’s proven looks', () => {
  it('takes a proven look that shows no permission prompt as left, with no capture of its own', async () => {
    const { journal, clock, panes } = setup([prompt]);
    const { access, asked } = withProven(panes, [shown(idle())]);
    const start = clock.now();
    expect(await waitUntilLeft(access, 'default|%1', stillPrompt, clock, DEFAULT_CONFIRM, NO_PERMISSION_PROMPT)).toBe(true);
    expect(journal.filter((e) => e.op === 'look')).toHaveLength(0);
    expect(asked).toEqual([{ after: start, withinMs: PROVEN_LOOK_WAIT_MS }]);
  });

  it('takes a proven vanished pane as left', async () => {
    const { journal, clock, panes } = setup([prompt]);
    const { access } = withProven(panes, [{ kind: 'gone' }]);
    expect(await waitUntilLeft(access, 'default|%1', stillPrompt, clock, DEFAULT_CONFIRM, NO_PERMISSION_PROMPT)).toBe(true);
    expect(journal).toHaveLength(0);
  });

  it('captures for itself when the proven look shows a permission prompt (its colour decides), and when none comes', async () => {
    const { journal, clock, panes } = setup([prompt, prompt, idle()]);
    const { access, asked } = withProven(panes, [shown(prompt), null]);
    expect(await waitUntilLeft(access, 'default|%1', stillPrompt, clock, DEFAULT_CONFIRM, NO_PERMISSION_PROMPT)).toBe(true);
    expect(journal.filter((e) => e.op === 'look')).toHaveLength(3);
    // One wait before each look of its own; each asks for a look proved after the last look it took.
    expect(asked).toHaveLength(3);
    expect(asked.map((a) => a.after)).toEqual([...asked.map((a) => a.after)].sort((x, y) => x - y));
    expect(asked[2]!.after).toBeGreaterThan(asked[0]!.after);
  });

  it('still says "not left" at the deadline, never sending a key, and waits no further than it', async () => {
    const { journal, clock, panes } = setup([prompt]);
    const { access, asked } = withProven(panes, [null]);
    expect(await waitUntilLeft(access, 'default|%1', stillPrompt, clock, { timeoutMs: 1000, pollMs: 100 }, NO_PERMISSION_PROMPT)).toBe(
      false,
    );
    expect(keysSent(journal)).toEqual([]);
    expect(asked.every((a) => a.withinMs <= 1000)).toBe(true);
  });

  it('ignores proven looks without leftOnSight (a draft still in the input box is not for the observer to judge)', async () => {
    const { journal, clock, panes } = setup([prompt, idle()]);
    const { access, asked } = withProven(panes, [shown(idle())]);
    expect(await waitUntilLeft(access, 'default|%1', stillPrompt, clock)).toBe(true);
    expect(asked).toHaveLength(0);
    expect(journal.filter((e) => e.op === 'look')).toHaveLength(2);
  });
});
