/** Injected time: every module that needs "now" or a timer takes a Clock, so tests can drive time. */

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Run `fn` once after `ms`; the handle cancels it. */
  setTimeout(fn: () => void, ms: number): TimerHandle;
}

/** The real clock. The only place in the engine that touches Date.now and global timers. */
export const systemClock: Clock = {
  // eslint-disable-next-line no-restricted-properties
  now: () => Date.now(),
  setTimeout(fn, ms) {
    // Not unref'd: a one-shot CLI that awaits a sleep must stay alive for it; long-lived owners dispose their timers.
    const t = globalThis.setTimeout(fn, Math.max(0, ms));
    return { cancel: () => globalThis.clearTimeout(t) };
  },
};

/** Resolve after `ms` of the clock's time (so tests drive waits with a ManualClock). */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms));
}
