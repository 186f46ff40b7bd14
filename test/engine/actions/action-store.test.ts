import { describe, expect, it } from 'vitest';
import { storeForActions } from '../../../main/engine/actions/action-store.ts';
import type { ActionStore } from '../../../main/engine/actions/types.ts';
import type { ResolvedItem, Store } from '../../../main/engine/store/index.ts';
import { seen, tempStore } from '../store/support/temp-store.ts';

const PANE = 'default|%1';

/** An item of `kind` on PANE, opened at `at` (a permission carries a fingerprint, idle none). */
function openItem(store: Store, at: number, kind: 'idle' | 'permission' = 'idle') {
  return store.items.open({
    paneKey: PANE,
    kind,
    prompt: null,
    fingerprint: kind === 'permission' ? 'f' : null,
    summary: 's',
    firstSeen: at,
    expiresAt: at + 1000,
  }).item;
}

/** Record a reply's text as typeIntoIdle does before sending it. */
function sendReply(actions: ActionStore, itemId: string): void {
  actions.recordSend(itemId, {
    paneKey: PANE,
    runtime: 'claude',
    action: 'text',
    payload: 'go on',
    reason: 'reply',
    surface: 'api',
    itemId,
    outcome: 'sent',
  });
}

describe('storeForActions', () => {
  it('resolves an item and ends its wait interval together, then tells the engine once', () => {
    const { store, clock } = tempStore();
    store.panes.observe(seen(PANE));
    const at = clock.now();
    const item = openItem(store, at, 'permission');
    store.history.begin(PANE, 'permission', at);
    const told: [ResolvedItem, string][] = [];
    const actions = storeForActions(store, (resolved, how) => told.push([resolved, how]));
    clock.advance(700);
    actions.resolve(item.id, 'approved', 'tray');
    actions.resolve(item.id, 'approved', 'tray');
    expect(told.map(([r, how]) => [r.id, how])).toEqual([[item.id, 'approved']]);
    expect(store.items.get(item.id)).toBeNull();
    expect(store.history.list({ since: 0 })).toMatchObject([{ paneKey: PANE, endedAt: at + 700 }]);
  });

  it('keeps no key record of items that ended without an outcome row (replies), however many', () => {
    const { store, clock } = tempStore();
    store.panes.observe(seen(PANE));
    const actions = storeForActions(store, () => {});
    for (let i = 0; i < 30; i++) {
      const item = openItem(store, clock.now());
      // As typeIntoIdle does: the text is audited, sent, and the item resolved as replied; no outcome row.
      sendReply(actions, item.id);
      actions.resolve(item.id, 'replied', 'api');
      clock.advance(1000);
    }
    expect(actions.pendingOutcomes?.()).toBe(0);
  });

  it('drops the key record of a pane that went once no action holds its item, and keeps one an action still holds', () => {
    const { store, clock } = tempStore();
    store.panes.observe(seen(PANE));
    const actions = storeForActions(store, () => {});
    const item = openItem(store, clock.now());
    sendReply(actions, item.id);
    actions.claim(item.id, 'an-action');
    actions.forgetPane?.(PANE);
    expect(actions.pendingOutcomes?.()).toBe(1);
    actions.release(item.id, 'an-action');
    actions.forgetPane?.(PANE);
    expect(actions.pendingOutcomes?.()).toBe(0);
  });

  it('still refers the outcome row to the key row of its item', () => {
    const { store, clock } = tempStore();
    store.panes.observe(seen(PANE));
    const actions = storeForActions(store, () => {});
    const at = clock.now();
    const item = openItem(store, at, 'permission');
    actions.recordSend(item.id, {
      paneKey: PANE,
      runtime: 'claude',
      action: 'key',
      payload: '1',
      reason: 'approve',
      surface: 'api',
      itemId: item.id,
      outcome: 'sent',
    });
    actions.recordOutcome(item.id, 'confirmed');
    const [outcome, key] = store.audit.list({ itemId: item.id });
    expect(outcome).toMatchObject({ action: 'outcome', outcome: 'confirmed', ref: key!.id, paneKey: PANE });
    expect(actions.pendingOutcomes?.()).toBe(0);
  });
});
