/**
 * opencode plugin arrivals in the store's hook counters, under `opencode:<event>` so they never mix
 * with Claude's event names: the engine records them, `hooks status --runtime opencode` reads them
 * from another process.
 */
import type { Store } from '../store/index.ts';
import type { HookEventStats } from './hook-event-counter.ts';
import type { ArrivalRecorder } from './opencode-ingest.ts';
import type { OpencodeEventName } from './opencode-schemas.ts';
import { isOpencodeEventName } from './opencode-schemas.ts';

const PREFIX = 'opencode:';

/** Per event: how many arrived and when the last did. */
export type OpencodeArrivals = Partial<Record<OpencodeEventName, HookEventStats>>;

/** Arrivals recorded in the store. */
export function storeOpencodeArrivals(store: Pick<Store, 'hooks'>): ArrivalRecorder {
  return { record: (event, at) => store.hooks.recordEvent(`${PREFIX}${event}`, at) };
}

/** What the store has counted so far. */
export function readOpencodeArrivals(store: Pick<Store, 'hooks'>): OpencodeArrivals {
  const out: OpencodeArrivals = {};
  for (const c of store.hooks.list()) {
    const name = c.name.startsWith(PREFIX) ? c.name.slice(PREFIX.length) : null;
    if (c.kind === 'event' && isOpencodeEventName(name)) out[name] = { count: c.count, lastAt: c.lastAt };
  }
  return out;
}
