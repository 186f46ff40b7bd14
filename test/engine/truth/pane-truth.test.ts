// Rules guarded: facts become at most one open item per pane (the same prompt seen again is never a duplicate);
// an answered prompt is never queued again from the observer's catch-up, yet the same prompt asked
// again later is; an item being answered is the action's to resolve, not the truth's; a pane
// re-found after a restart keeps its item until its first real screen; a fact for an unknown pane
// is skipped, not a crash; expiry never resolves a claimed item.
import { describe, expect, it } from 'vitest';
import { EngineEvents } from '../../../main/engine/api/events.ts';
import { fingerprintOf } from '../../../main/engine/runtimes/common/fingerprint.ts';
import type { Screen } from '../../../main/engine/runtimes/types.ts';
import type { Fact } from '../../../main/engine/sessions/facts.ts';
import { DEFAULT_STATE_MACHINE_CONFIG } from '../../../main/engine/sessions/pane-state.ts';
import { policyFor } from '../../../main/engine/truth/policy.ts';
import { PaneTruth } from '../../../main/engine/truth/pane-truth.ts';
import { claudePrompt, idle, working } from '../actions/support/fake-panes.ts';
import { tempStore } from '../store/support/temp-store.ts';
import { quietTruth } from './support/quiet-truth.ts';

const PANE = 'default|%1';

function setup() {
  const { store, clock, logger } = tempStore();
  const events = new EngineEvents(logger);
  const resolved: string[] = [];
  events.on('item:resolved', (e) => resolved.push(`${e.id}:${e.resolution}`));
  const itemEvents: string[] = [];
  const truth = new PaneTruth({
    store,
    clock,
    logger,
    events,
    machineConfig: () => DEFAULT_STATE_MACHINE_CONFIG,
    expiryMs: () => 8 * 3600_000,
    policy: (pane) => policyFor(pane),
    reminders: { upsert: () => {}, remove: () => {} },
    onQueueChanged: () => {},
    onItem: (event, id) => itemEvents.push(`${event}:${id}`),
  });
  const seen = (): Fact => ({ kind: 'pane-seen', pane: PANE, at: clock.now(), runtime: 'claude', target: 'work:1.0', pid: 4242 });
  const screen = (s: Screen): Fact => ({ kind: 'screen', pane: PANE, at: clock.now(), screen: s, stableCount: 2, tail: [] });
  const open = () => store.items.list();
  return { store, clock, truth, seen, screen, open, resolved, itemEvents, logger };
}

describe('PaneTruth', () => {
  it('opens one item for a permission prompt and none more for the same prompt seen again', () => {
    const t = setup();
    const prompt = claudePrompt();
    t.truth.apply([t.seen(), t.screen(prompt)]);
    t.clock.advance(1000);
    t.truth.apply([t.screen(prompt)]);
    t.clock.advance(1000);
    t.truth.apply([t.screen(prompt)]);
    expect(t.open()).toHaveLength(1);
    expect(t.open()[0]).toMatchObject({ paneKey: PANE, kind: 'permission', fingerprint: fingerprintOf(prompt) });
    expect(t.itemEvents.filter((e) => e.startsWith('item:added'))).toHaveLength(1);
  });

  it('does not queue an answered prompt again from a capture taken before it left', () => {
    const t = setup();
    const prompt = claudePrompt();
    t.truth.apply([t.seen(), t.screen(prompt)]);
    const [item] = t.open();
    t.store.items.resolve(item!.id, 'approved', 'queue');
    const leftAt = t.clock.now() + 500;
    t.truth.markAnswered(PANE, fingerprintOf(prompt), leftAt);
    // The observer catches up with a capture from before the prompt left: still the old prompt.
    t.truth.apply([{ ...t.screen(prompt), at: leftAt - 100 }]);
    t.truth.reconsider(PANE);
    expect(t.open()).toHaveLength(0);
  });

  it('queues the same prompt again when it is captured after the answer left (a new ask)', () => {
    const t = setup();
    const prompt = claudePrompt();
    t.truth.apply([t.seen(), t.screen(prompt)]);
    const [item] = t.open();
    t.store.items.resolve(item!.id, 'approved', 'queue');
    const leftAt = t.clock.now() + 500;
    t.truth.markAnswered(PANE, fingerprintOf(prompt), leftAt);
    t.clock.advance(2000);
    t.truth.apply([t.screen(prompt)]);
    expect(t.open()).toHaveLength(1);
    expect(t.open()[0]!.id).not.toBe(item!.id);
  });

  it('leaves an item being answered (claimed) to the action when the pane moves on', () => {
    const t = setup();
    t.truth.apply([t.seen(), t.screen(claudePrompt())]);
    const [item] = t.open();
    expect(t.store.items.claim(item!.id, 'action-1')).toBe(true);
    t.clock.advance(1000);
    t.truth.apply([t.screen(idle())]);
    expect(t.open().map((i) => i.id)).toEqual([item!.id]);
    expect(t.resolved).toEqual([]);
  });

  it('resolves the item when the pane shows the prompt was answered there', () => {
    const t = setup();
    t.truth.apply([t.seen(), t.screen(claudePrompt())]);
    const [item] = t.open();
    t.clock.advance(1000);
    t.truth.apply([t.screen({ kind: 'working', runtime: 'claude', indicator: '· Working…' })]);
    expect(t.resolved).toEqual([`${item!.id}:answered-in-pane`]);
    expect(t.open()).toHaveLength(0);
  });

  it('keeps the hook-born item while the agent runs its hooks, and the prompt drawn 4 s later upgrades that same item', () => {
    const t = setup();
    const working: Screen = { kind: 'working', runtime: 'claude', indicator: '· Working…' };
    const hook = (): Fact => ({
      kind: 'hook',
      pane: PANE,
      at: t.clock.now(),
      sessionId: 's1',
      signal: { kind: 'permission-request', tool: 'Bash', subject: 'rm -rf build' },
    });
    t.truth.apply([t.seen(), t.screen(working)]);
    t.clock.advance(500);
    t.truth.apply([hook()]);
    const [born] = t.open();
    expect(born).toMatchObject({ kind: 'permission', fingerprint: null });
    for (let i = 0; i < 8; i++) {
      t.clock.advance(500);
      t.truth.apply([t.screen(working)]);
      t.truth.settleAll();
    }
    expect(t.open().map((i) => i.id)).toEqual([born!.id]);
    t.truth.apply([t.screen(claudePrompt())]);
    expect(t.open()).toMatchObject([{ id: born!.id, queueOrder: born!.queueOrder, fingerprint: fingerprintOf(claudePrompt()) }]);
    expect(t.itemEvents.filter((e) => e.startsWith('item:added'))).toEqual([`item:added:${born!.id}`]);
    expect(t.resolved).toEqual([]);
  });

  it('keeps a stored item of a pane re-found after a restart until its first real screen', () => {
    const t = setup();
    t.truth.apply([t.seen(), t.screen(claudePrompt())]);
    const [item] = t.open();
    const { store, clock } = t;
    const again = quietTruth({ store, clock, logger: t.logger });
    clock.advance(1000);
    again.apply([t.seen()]);
    expect(t.open().map((i) => i.id)).toEqual([item!.id]);
    again.apply([t.screen(claudePrompt())]);
    expect(t.open().map((i) => i.id)).toEqual([item!.id]);
  });

  it('skips a fact for a pane it never saw, without state or item', () => {
    const t = setup();
    expect(() => t.truth.apply([t.screen(claudePrompt())])).not.toThrow();
    expect(t.truth.get(PANE)).toBeUndefined();
    expect(t.open()).toHaveLength(0);
  });

  it('expires only unclaimed items past their expiry', () => {
    const t = setup();
    t.truth.apply([t.seen(), t.screen(claudePrompt())]);
    const [item] = t.open();
    t.store.items.claim(item!.id, 'action-1');
    t.clock.advance(9 * 3600_000);
    t.truth.expireDue();
    expect(t.open()).toHaveLength(1);
    t.store.items.release(item!.id, 'action-1');
    t.truth.expireDue();
    expect(t.open()).toHaveLength(0);
    expect(t.resolved).toEqual([`${item!.id}:recovered`]);
  });
  it('stores each item with its wait interval: opened together, ended together when the pane moves on', () => {
    const t = setup();
    t.truth.apply([t.seen(), t.screen(claudePrompt())]);
    const [item] = t.open();
    expect(t.store.history.list({ since: 0 })).toMatchObject([{ paneKey: PANE, reason: 'permission', endedAt: null }]);
    t.clock.advance(2000);
    t.truth.apply([t.screen(working)]);
    expect(t.open()).toHaveLength(0);
    expect(t.resolved).toEqual([`${item!.id}:answered-in-pane`]);
    expect(t.store.history.list({ since: 0 })).toMatchObject([{ paneKey: PANE, reason: 'permission', endedAt: t.clock.now() }]);
  });
});
