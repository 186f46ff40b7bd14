/** One shared clock tick for the whole window: ages re-render each second without re-rendering their rows. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RendererClock } from '../controller/deps.ts';

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
      const id = setInterval(() => store.setState({ now: clock.now() }), intervalMs);
      return () => clearInterval(id);
    },
  };
}
