/** Injected time: every module that needs "now" or a timer takes a Clock, so tests can drive time. */

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Run `fn` once after `ms` (any length: a 30-day snooze waits 30 days); the handle cancels it. */
  setTimeout(fn: () => void, ms: number): TimerHandle;
}

/**
 * The longest delay a platform timer holds: Node (like browsers) fires a timer of more than
 * 2^31 − 1 ms at once, so a longer wait armed in one piece becomes a 1 ms loop.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The platform's timer primitives (globalThis in production; a counting fake in tests). */
export interface TimerHost {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/**
 * A Clock over `host` whose timers are safe for any delay: a long wait is armed in pieces of at
 * most MAX_TIMER_MS, each re-arming the next, and `fn` runs once when the whole delay has passed.
 * A non-finite or negative delay counts as 0.
 */
export function clockOver(host: TimerHost): Clock {
  return {
    now: () => host.now(),
    setTimeout(fn, ms) {
      let remaining = Number.isFinite(ms) ? Math.max(0, ms) : 0;
      let handle: unknown = null;
      let cancelled = false;
      const arm = (): void => {
        const piece = Math.min(remaining, MAX_TIMER_MS);
        remaining -= piece;
        handle = host.setTimeout(() => {
          if (cancelled) return;
          if (remaining > 0) arm();
          else fn();
        }, piece);
      };
      arm();
      return {
        cancel: () => {
          cancelled = true;
          host.clearTimeout(handle);
        },
      };
    },
  };
}

/** The real clock. The only place in the engine that touches Date.now and global timers. */
export const systemClock: Clock = clockOver({
  // eslint-disable-next-line no-restricted-properties
  now: () => Date.now(),
  // Not unref'd: a one-shot CLI that awaits a sleep must stay alive for it; long-lived owners dispose their timers.
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
});

/** Resolve after `ms` of the clock's time (so tests drive waits with a ManualClock). */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms));
}
