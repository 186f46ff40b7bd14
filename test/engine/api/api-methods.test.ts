// Rules guarded at the API boundary every surface uses: approve/deny act only on the prompt the
// caller saw (a stale fingerprint sends nothing), an answered prompt is not queued again, reply types
// only while it holds the item's claim, every action answers an outcome and announces it, and no
// error crosses the boundary as a throw (it becomes an `internal` envelope).
import { describe, expect, it } from 'vitest';
import type { ActionOutcomeDto } from '../../../preload/contract/queue-item.ts';
import { storeForActions } from '../../../main/engine/actions/action-store.ts';
import type { ApiDeps } from '../../../main/engine/api/api-methods.ts';
import { buildApiMethods } from '../../../main/engine/api/api-methods.ts';
import { EngineEvents } from '../../../main/engine/api/events.ts';
import { DEFAULT_CONFIG } from '../../../main/engine/config/schema.ts';
import type { PaneObserver } from '../../../main/engine/observe/observer.ts';
import type { Screen } from '../../../main/engine/runtimes/types.ts';
import type { JournalEntry } from '../actions/support/fake-panes.ts';
import { ScriptedPanes, SteppingClock, claudePrompt, idle, keysSent } from '../actions/support/fake-panes.ts';
import { tempStore } from '../store/support/temp-store.ts';
import { quietTruth } from '../truth/support/quiet-truth.ts';

const PANE = 'default|%1';

function setup(screens: (Screen | 'gone')[], afterKeys: (Screen | 'gone')[] = [idle()]) {
  const clock = new SteppingClock(1_700_000_000_000);
  const { store, logger } = tempStore({ clock });
  const events = new EngineEvents(logger);
  const outcomes: ActionOutcomeDto[] = [];
  events.on('action:outcome', (o) => outcomes.push(o));
  const truth = quietTruth({ store, clock, logger, events });
  const journal: JournalEntry[] = [];
  const panes = new ScriptedPanes(journal, clock, screens).afterKeys(afterKeys);
  const forgotten: string[] = [];
  // Only what the item actions touch: jump and restart are not exercised here.
  const observer = { forgetReported: (key: string) => forgotten.push(key), pane: () => undefined } as unknown as PaneObserver;
  const deps = {
    store,
    truth,
    observer,
    events,
    clock,
    logger,
    claimant: 'engine-test',
    config: () => DEFAULT_CONFIG,
    paths: { config: '/nonexistent/config.json' },
    reminders: { upsert: () => {}, remove: () => {} },
    panes,
    actionStore: storeForActions(store, () => {}),
    watchdog: { scheduler: {}, sync: () => {} },
    hooks: {},
    runner: async () => ({ stdout: '', stderr: '', exitCode: 0 }),
    surface: 'queue',
  } as unknown as ApiDeps;
  const api = buildApiMethods(deps);
  const showPrompt = (screen: Screen) => {
    truth.apply([
      { kind: 'pane-seen', pane: PANE, at: clock.now(), runtime: 'claude', target: 'work:1.0', pid: 4242 },
      { kind: 'screen', pane: PANE, at: clock.now(), screen, stableCount: 2, tail: [] },
    ]);
    const [item] = store.items.list();
    return item!;
  };
  return { api, store, truth, journal, panes, outcomes, forgotten, showPrompt, clock };
}

describe('item:approve', () => {
  it('sends one key for the prompt the caller saw, announces the outcome and does not re-queue it', async () => {
    const prompt = claudePrompt();
    const t = setup([prompt]);
    const item = t.showPrompt(prompt);
    const answer = await t.api['item:approve']({ id: item.id, fingerprint: item.fingerprint! });
    expect(answer).toMatchObject({ ok: true, value: { itemId: item.id, action: 'approve', outcome: 'confirmed' } });
    expect(keysSent(t.journal)).toEqual(['1']);
    expect(t.outcomes).toHaveLength(1);
    expect(t.forgotten).toEqual([PANE]);
    // The observer catches up with the old prompt: it is not a new item.
    t.truth.apply([{ kind: 'screen', pane: PANE, at: t.clock.now() - 1, screen: prompt, stableCount: 2, tail: [] }]);
    expect(t.store.items.list()).toEqual([]);
  });

  it('sends nothing when the caller saw another prompt than the item now holds', async () => {
    const prompt = claudePrompt();
    const t = setup([prompt]);
    const item = t.showPrompt(prompt);
    const answer = await t.api['item:approve']({ id: item.id, fingerprint: 'what-the-user-saw-earlier' });
    expect(answer).toMatchObject({ ok: true, value: { outcome: 'changed' } });
    expect(t.journal).toEqual([]);
  });

  it('answers gone for an item that is not in the queue, sending nothing', async () => {
    const t = setup([claudePrompt()]);
    const answer = await t.api['item:deny']({ id: 'no-such-item', fingerprint: 'x' });
    expect(answer).toMatchObject({ ok: true, value: { outcome: 'gone' } });
    expect(t.journal).toEqual([]);
  });

  it('turns a failure underneath into an internal envelope instead of throwing', async () => {
    const prompt = claudePrompt();
    const t = setup([prompt]);
    const item = t.showPrompt(prompt);
    t.panes.failSend = new Error('tmux: server exited unexpectedly');
    const answer = await t.api['item:approve']({ id: item.id, fingerprint: item.fingerprint! });
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal', message: 'tmux: server exited unexpectedly' } });
    expect(t.store.items.get(item.id)?.claimedBy ?? null).toBeNull();
  });
});

describe('item:reply', () => {
  it('types nothing while another surface holds the item', async () => {
    const t = setup([idle()]);
    const item = t.showPrompt(idle());
    expect(t.store.items.claim(item.id, 'another-engine')).toBe(true);
    const answer = await t.api['item:reply']({ id: item.id, text: 'go on' });
    expect(answer).toMatchObject({ ok: true, value: { outcome: 'refused' } });
    expect(t.journal).toEqual([]);
  });

  it('types into an idle agent', async () => {
    // After the paste the input box shows the text (settled: two looks alike), and Enter follows only then.
    const t = setup([idle()], [idle('go on'), idle('go on'), idle()]);
    const item = t.showPrompt(idle());
    const answer = await t.api['item:reply']({ id: item.id, text: 'go on' });
    expect(answer).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    expect(keysSent(t.journal)).toEqual(['C-u', 'Enter']);
  });

  it('releases the claim when the reply could not be typed, so the user can act again', async () => {
    // The item says idle, but the pane has started working again: reply must refuse.
    const t = setup([{ kind: 'working', runtime: 'claude', indicator: '· Working…' }]);
    const item = t.showPrompt(idle());
    const answer = await t.api['item:reply']({ id: item.id, text: 'go on' });
    expect(answer).toMatchObject({ ok: true, value: { outcome: 'refused' } });
    expect(t.journal.filter((e) => e.op !== 'look')).toEqual([]);
    expect(t.store.items.get(item.id)).toMatchObject({ claimedBy: null });
  });
});

describe('item:snooze', () => {
  it('refuses a duration that is not positive', async () => {
    const prompt = claudePrompt();
    const t = setup([prompt]);
    const item = t.showPrompt(prompt);
    expect(await t.api['item:snooze']({ id: item.id, forMs: 0 })).toMatchObject({ ok: false, error: { code: 'invalid' } });
  });
});
