import { describe, expect, it } from 'vitest';
import { storeForActions } from '../../../main/engine/actions/action-store.ts';
import type { ResolvedItem } from '../../../main/engine/store/index.ts';
import { seen, tempStore } from '../store/support/temp-store.ts';

const PANE = 'default|%1';

describe('storeForActions', () => {
  it('resolves an item and ends its wait interval together, then tells the engine once', () => {
    const { store, clock } = tempStore();
    store.panes.observe(seen(PANE));
    const at = clock.now();
    const { item } = store.items.open({
      paneKey: PANE,
      kind: 'permission',
      prompt: null,
      fingerprint: 'f',
      summary: 's',
      firstSeen: at,
      expiresAt: at + 1000,
    });
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
});
