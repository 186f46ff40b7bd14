// Rule guarded: a pane that went is announced to every per-pane record outside the truth (the
// Escape times, auto-restart's cool-downs), so none of them keeps an entry for a pane that no
// longer exists; a pane that is merely seen is not forgotten.
import { describe, expect, it } from 'vitest';
import type { Fact } from '../../../main/engine/sessions/facts.ts';
import { factSink } from '../../../main/engine/wiring/observation.ts';
import { Late } from '../../../main/engine/wiring/late.ts';
import type { WatchdogWiring } from '../../../main/engine/wiring/watchdog-wiring.ts';
import { tempStore } from '../store/support/temp-store.ts';
import { quietTruth } from '../truth/support/quiet-truth.ts';

function setup() {
  const { store, clock, logger } = tempStore();
  const truth = quietTruth({ store, clock, logger });
  const synced: string[] = [];
  const watchdog = new Late<WatchdogWiring>('watchdog');
  // Only the re-sync is reached from the sink; the scheduler and the policy view are not.
  watchdog.bind({ sync: (pane: { paneKey: string }) => void synced.push(pane.paneKey) } as unknown as WatchdogWiring);
  const gone: string[] = [];
  const sink = factSink(store, truth, watchdog, (pane) => gone.push(pane));
  const seen = (pane: string): Fact => ({ kind: 'pane-seen', pane, at: clock.now(), runtime: 'claude', target: 'w:1.0', pid: 4242 });
  const went = (pane: string): Fact => ({ kind: 'pane-gone', pane, at: clock.now(), reason: 'pane-closed' });
  return { sink, gone, synced, seen, went };
}

describe('factSink', () => {
  it('tells the per-pane records each pane that went', () => {
    const t = setup();
    t.sink([t.seen('default|%1'), t.seen('default|%2')]);
    t.sink([t.went('default|%1'), t.went('default|%2')]);
    expect(t.gone).toEqual(['default|%1', 'default|%2']);
  });

  it('forgets nothing for a pane that is only seen', () => {
    const t = setup();
    t.sink([t.seen('default|%1')]);
    expect(t.gone).toEqual([]);
    expect(t.synced).toEqual(['default|%1']);
  });
});
