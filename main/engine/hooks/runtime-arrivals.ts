/**
 * Another agent's hook arrivals in the store's hook counters, under `<runtime>:<event>` so they never mix
 * with Claude's event names: the engine records them as the agent names its events, `hooks status --runtime
 * <id>` reads them from another process.
 */
import type { Store } from '../store/index.ts';
import type { HookEventCounter, HookEventStats } from './hook-event-counter.ts';
import type { HookEventName } from './hook-schemas.ts';

/**
 * A counter recording `<runtime>:<native event>`; `nativeName` turns the Claude event a delivery was read as
 * back into the agent's own name (Gemini CLI's Stop was its AfterAgent).
 */
export function runtimeHookCounter(
  store: Pick<Store, 'hooks'>,
  runtime: string,
  nativeName: (event: HookEventName) => string = (e) => e,
): HookEventCounter {
  const prefix = `${runtime}:`;
  return {
    record: (event, at) => store.hooks.recordEvent(`${prefix}${nativeName(event)}`, at),
    snapshot: () => readRuntimeArrivals(store, runtime) as Partial<Record<HookEventName, HookEventStats>>,
  };
}

/** Per native event name: how many of `runtime`'s hooks arrived and when the last did. */
export function readRuntimeArrivals(store: Pick<Store, 'hooks'>, runtime: string): Record<string, HookEventStats> {
  const prefix = `${runtime}:`;
  const out: Record<string, HookEventStats> = {};
  for (const c of store.hooks.list())
    if (c.kind === 'event' && c.name.startsWith(prefix)) out[c.name.slice(prefix.length)] = { count: c.count, lastAt: c.lastAt };
  return out;
}
