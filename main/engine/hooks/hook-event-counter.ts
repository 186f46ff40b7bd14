/**
 * How many hooks of each event arrived and when the last one did — what `hooks status` shows as
 * "events arrive". An interface so the engine can back it with the store; the memory version is
 * enough for a single run and for tests.
 */
import type { HookEventName } from './hook-schemas.ts';

/** Count and last arrival (epoch ms) of one event. */
export interface HookEventStats {
  readonly count: number;
  readonly lastAt: number;
}

/** Records hook arrivals. */
export interface HookEventCounter {
  record(event: HookEventName, at: number): void;
  /** Per event seen so far. */
  snapshot(): Partial<Record<HookEventName, HookEventStats>>;
}

/** In-memory counter. */
export class MemoryHookEventCounter implements HookEventCounter {
  private readonly stats = new Map<HookEventName, HookEventStats>();

  record(event: HookEventName, at: number): void {
    const prev = this.stats.get(event);
    this.stats.set(event, { count: (prev?.count ?? 0) + 1, lastAt: Math.max(prev?.lastAt ?? 0, at) });
  }

  snapshot(): Partial<Record<HookEventName, HookEventStats>> {
    return Object.fromEntries(this.stats);
  }
}
