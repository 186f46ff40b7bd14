/** Waiting on the injected clock: sleep, and poll a condition until a deadline (never a bare fixed sleep). */
import type { Clock } from '../platform/clock.ts';
import { sleep } from '../platform/clock.ts';

/** Call `probe` every `intervalMs` until it returns a non-null value or `timeoutMs` passes (then null). */
export async function pollUntil<T>(
  clock: Clock,
  probe: () => T | null | Promise<T | null>,
  opts: { timeoutMs: number; intervalMs: number },
): Promise<T | null> {
  const deadline = clock.now() + opts.timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (clock.now() >= deadline) return null;
    await sleep(clock, Math.min(opts.intervalMs, Math.max(0, deadline - clock.now())));
  }
}
