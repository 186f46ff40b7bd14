/** Tick the real observer until every pane of a replay is an agent pane with a settled screen. */
import type { ObservedPane, PaneObserver } from '../../main/engine/observe/observer.ts';
import { poll } from './poll.ts';

/** Poll until all `paneIds` are observed and stable twice (or working); returns their observations. */
export async function observeSettled(observer: PaneObserver, paneIds: ReadonlySet<string>, what: string): Promise<ObservedPane[]> {
  return poll(
    async () => {
      await observer.tick();
      const observed = observer.snapshot().filter((p) => paneIds.has(p.info.paneId));
      const settled = observed.filter((p) => p.screen !== null && (p.stableCount >= 2 || p.screen.kind === 'working'));
      return settled.length === paneIds.size ? observed : null;
    },
    `all ${paneIds.size} ${what} observed and settled`,
    { timeoutMs: 120_000, intervalMs: 250 },
  );
}
