/** One shared clock tick for the whole window: ages re-render each second without re-rendering their rows. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RendererClock } from './controller/deps.ts';

// Timers exist in the browser and in Node alike, but neither lib is in the client's zone.
const timers = globalThis as unknown as { setInterval(fn: () => void, ms: number): unknown; clearInterval(id: unknown): void };

export interface Ticker {
  readonly store: StoreApi<{ now: number }>;
  /** Starts ticking; the returned function stops it. */
  start(): () => void;
}

/** Creates a ticker over `clock`, updating every `intervalMs`. */
export function createTicker(clock: RendererClock, intervalMs = 1000): Ticker {
  const store = createStore<{ now: number }>()(() => ({ now: clock.now() }));
  return {
    store,
    start() {
      const id = timers.setInterval(() => store.setState({ now: clock.now() }), intervalMs);
      return () => timers.clearInterval(id);
    },
  };
}
