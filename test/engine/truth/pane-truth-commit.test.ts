// Rules guarded: a state change, its item and the item's wait interval are one commit, and listeners
// hear of an item only once that commit is visible to every other connection (the CLI, a second
// engine's check); a change that fails part-way is rolled back whole and announced to nobody.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EngineEvents } from '../../../main/engine/api/events.ts';
import type { Fact } from '../../../main/engine/sessions/facts.ts';
import { DEFAULT_STATE_MACHINE_CONFIG } from '../../../main/engine/sessions/pane-state.ts';
import type { PaneState } from '../../../main/engine/sessions/pane-state.ts';
import { PaneTruth } from '../../../main/engine/truth/pane-truth.ts';
import { policyFor } from '../../../main/engine/truth/policy.ts';
import { claudePrompt } from '../actions/support/fake-panes.ts';
import { onCleanup, tempStore } from '../store/support/temp-store.ts';

const PANE = 'default|%1';

function setup(onState: (state: PaneState) => void = () => {}) {
  const { store, clock, logger, file } = tempStore();
  // Another connection on the same file sees only what was committed.
  const other = new Database(file, { readonly: true });
  onCleanup(() => other.close());
  const committed = () => ({
    items: (other.prepare('SELECT COUNT(*) AS n FROM items').get() as { n: number }).n,
    intervals: (other.prepare('SELECT COUNT(*) AS n FROM wait_intervals WHERE ended_at IS NULL').get() as { n: number }).n,
    state: (other.prepare('SELECT state FROM panes WHERE pane_key = ?').get(PANE) as { state: string } | undefined)?.state ?? null,
  });
  const heard: { event: string; seen: ReturnType<typeof committed> }[] = [];
  const events = new EngineEvents(logger);
  events.on('item:resolved', () => heard.push({ event: 'resolved', seen: committed() }));
  const reminders: string[] = [];
  const truth = new PaneTruth({
    store,
    clock,
    logger,
    events,
    machineConfig: () => DEFAULT_STATE_MACHINE_CONFIG,
    expiryMs: () => 8 * 3600_000,
    policy: (pane) => policyFor(pane),
    reminders: { upsert: (item) => reminders.push(`+${item.id}`), remove: (id) => reminders.push(`-${id}`) },
    onState,
    onQueueChanged: () => {},
    onItem: (event) => heard.push({ event, seen: committed() }),
  });
  const seen = (): Fact => ({ kind: 'pane-seen', pane: PANE, at: clock.now(), runtime: 'claude', target: 'work:1.0', pid: 4242 });
  const screen = (): Fact => ({ kind: 'screen', pane: PANE, at: clock.now(), screen: claudePrompt(), stableCount: 2, tail: [] });
  return { store, truth, seen, screen, committed, heard, reminders };
}

describe('PaneTruth commits', () => {
  it('announces a new item only after its state, row and wait interval are committed together', () => {
    const t = setup();
    t.truth.apply([t.seen()]);
    const before = t.committed();
    t.truth.apply([t.screen()]);
    expect(t.heard).toHaveLength(1);
    expect(t.heard[0]!.event).toBe('item:added');
    // Everything of the change was visible to another connection when the listener ran.
    expect(t.heard[0]!.seen).toEqual(t.committed());
    expect(t.heard[0]!.seen.items).toBe(before.items + 1);
    expect(t.heard[0]!.seen.intervals).toBe(before.intervals + 1);
    expect(t.heard[0]!.seen.state).not.toBe(before.state);
    expect(t.reminders).toEqual([`+${t.store.items.list()[0]!.id}`]);
  });

  it('rolls a change back whole and announces nothing when part of it fails', () => {
    let fail = false;
    const t = setup(() => {
      if (fail) throw new Error('watchdog broke');
    });
    t.truth.apply([t.seen()]);
    const before = t.committed();
    fail = true;
    expect(() => t.truth.apply([t.screen()])).toThrow(/watchdog broke/);
    expect(t.committed()).toEqual(before);
    expect(t.store.items.list()).toHaveLength(0);
    expect(t.heard).toEqual([]);
    expect(t.reminders).toEqual([]);
  });
});
