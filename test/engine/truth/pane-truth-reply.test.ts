// Rule guarded: after a reply is typed at an idle agent, the idle prompt seen before it is not
// queued again as a new item (no stale "idle" flashing up after every reply); an idle screen
// captured after the reply — the agent still or again at its input prompt — is queued as usual.
import { describe, expect, it } from 'vitest';
import type { Fact } from '../../../main/engine/sessions/facts.ts';
import { idle } from '../actions/support/fake-panes.ts';
import { tempStore } from '../store/support/temp-store.ts';
import { quietTruth } from './support/quiet-truth.ts';

const PANE = 'default|%1';

function setup() {
  const { store, clock, logger } = tempStore();
  const truth = quietTruth({ store, clock, logger });
  const idleScreen = (): Fact => ({ kind: 'screen', pane: PANE, at: clock.now(), screen: idle(), stableCount: 2, tail: [] });
  truth.apply([{ kind: 'pane-seen', pane: PANE, at: clock.now(), runtime: 'claude', target: 'w:1.0', pid: 4242 }, idleScreen()]);
  return { store, clock, truth, idleScreen };
}

/** As item:reply does once the text is typed and Enter sent. */
function reply(t: ReturnType<typeof setup>): void {
  const [item] = t.store.items.list();
  t.store.items.resolve(item!.id, 'replied', 'api');
  t.truth.markReplied(PANE, t.clock.now());
  t.truth.reconsider(PANE);
}

describe('PaneTruth after a reply', () => {
  it('opens no new idle item from the idle screen seen before the reply', () => {
    const t = setup();
    expect(t.store.items.list()).toHaveLength(1);
    t.clock.advance(1000);
    reply(t);
    t.truth.settleAll();
    expect(t.store.items.list()).toEqual([]);
  });

  it('queues the agent idle again when a screen captured after the reply shows it', () => {
    const t = setup();
    t.clock.advance(1000);
    reply(t);
    t.clock.advance(1000);
    t.truth.apply([t.idleScreen()]);
    expect(t.store.items.list().map((i) => i.kind)).toEqual(['idle']);
  });
});
