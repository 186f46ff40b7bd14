// Rules guarded: the truth's per-pane memory stays bounded over a long run — items an action
// resolves leave nothing behind, and a pane gone for GONE_FORGET_MS (with no item) is forgotten,
// while a pane just gone is still known (listed as gone).
import { describe, expect, it } from 'vitest';
import type { Fact } from '../../../main/engine/sessions/facts.ts';
import { GONE_FORGET_MS } from '../../../main/engine/truth/pane-truth.ts';
import { claudePrompt, idle } from '../actions/support/fake-panes.ts';
import { tempStore } from '../store/support/temp-store.ts';
import { quietTruth } from './support/quiet-truth.ts';

function setup() {
  const { store, clock, logger } = tempStore();
  const truth = quietTruth({ store, clock, logger });
  const seen = (pane: string): Fact => ({ kind: 'pane-seen', pane, at: clock.now(), runtime: 'claude', target: 'w:1.0', pid: 4242 });
  return { store, clock, truth, seen };
}

describe('PaneTruth memory over a long run', () => {
  it('keeps nothing for items an action resolved, however many', () => {
    const t = setup();
    const pane = 'default|%1';
    t.truth.apply([t.seen(pane)]);
    for (let i = 0; i < 50; i++) {
      t.clock.advance(1000);
      t.truth.apply([{ kind: 'screen', pane, at: t.clock.now(), screen: claudePrompt(), stableCount: 2, tail: [] }]);
      const [item] = t.store.items.list();
      // As the approve action does: resolved in the store, never through the truth.
      t.store.items.resolve(item!.id, 'approved', 'api');
      t.clock.advance(1000);
      t.truth.apply([{ kind: 'screen', pane, at: t.clock.now(), screen: idle(), stableCount: 2, tail: [] }]);
      const [idleItem] = t.store.items.list();
      if (idleItem) t.store.items.resolve(idleItem.id, 'replied', 'api');
    }
    expect(t.truth.sizes().extras).toBeLessThanOrEqual(1);
  });

  it('forgets a pane gone for longer than GONE_FORGET_MS, and not before', () => {
    const t = setup();
    for (let i = 0; i < 20; i++) {
      const pane = `default|%${i}`;
      t.truth.apply([t.seen(pane), { kind: 'pane-gone', pane, at: t.clock.now(), reason: 'pane-closed' }]);
    }
    t.clock.advance(GONE_FORGET_MS - 1000);
    t.truth.settleAll();
    expect(t.truth.get('default|%3')?.state).toBe('gone');
    t.clock.advance(2000);
    t.truth.settleAll();
    expect(t.truth.sizes()).toEqual({ states: 0, extras: 0, lastMessage: 0, answered: 0 });
  });
});
