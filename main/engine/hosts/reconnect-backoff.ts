/** Pure: how long to wait before trying an unreachable host again. */

/** First retry after 1 s, doubling, never more than 60 s apart. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;

/** Delay before attempt number `failures + 1`, after `failures` failed attempts in a row (≥ 1). */
export function reconnectDelayMs(failures: number): number {
  const exponent = Math.max(0, Math.min(failures - 1, 16));
  return Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** exponent);
}
