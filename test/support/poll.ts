/**
 * The one way a test waits: poll until a deadline, never a fixed sleep. Deadlines are generous
 * (10 s unless a test says otherwise) because the suite must pass on a loaded 2-core machine; a
 * passing test never waits for the deadline, only a failing one does.
 */

/** How long and how often `poll` looks. */
export interface PollOptions {
  /** Give up after this long (default 10 s). */
  readonly timeoutMs?: number;
  /** Pause between looks (default 20 ms; a look that spawns tmux deserves a longer one). */
  readonly intervalMs?: number;
}

/**
 * Call `fn` until it returns something truthy (a throw counts as "not yet") and return that value.
 * Past the deadline, fail naming `what` and the last value or error seen.
 */
export async function poll<T>(fn: () => T | Promise<T>, what: string, options: PollOptions = {}): Promise<NonNullable<T>> {
  const deadline = performance.now() + (options.timeoutMs ?? 10_000);
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (err) {
      last = err;
    }
    if (performance.now() > deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`timed out waiting for ${what}; last: ${detail}`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 20));
  }
}
