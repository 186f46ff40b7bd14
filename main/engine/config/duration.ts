/** Durations in the config file: milliseconds as a number, or a readable string ("30s", "5m", "2h"). */
import { z } from 'zod';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * The longest duration any setting or command accepts: 30 days. Longer waits are never useful
 * here, and every value stays a safe integer far inside what the clock's timers can count.
 */
export const MAX_DURATION_MS = 30 * UNIT_MS.d;
/** The longest snooze (CLI, UI, API). */
export const MAX_SNOOZE_MS = MAX_DURATION_MS;

/** Milliseconds as a short readable span ("30d", "2h", "1500ms") for messages. */
export function formatDurationMs(ms: number): string {
  for (const [unit, size] of [
    ['d', UNIT_MS.d],
    ['h', UNIT_MS.h],
    ['m', UNIT_MS.m],
    ['s', UNIT_MS.s],
  ] as const) {
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}

/** Parse "250ms", "30s", "1.5h", "1h30m" into milliseconds; null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d))+$/.test(trimmed)) return null;
  let total = 0;
  for (const m of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)) {
    total += Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  }
  return Number.isSafeInteger(Math.round(total)) ? Math.round(total) : null;
}

const DURATION_HINT = 'expected milliseconds (a number) or a duration like "30s", "5m", "2h"';

/**
 * A zod schema for a duration setting; the parsed value is always milliseconds, within
 * [min, max] (max at most MAX_DURATION_MS: a value a user can type never becomes a runaway timer).
 */
export function duration(bounds: { readonly min?: number; readonly max?: number } = {}) {
  const min = bounds.min ?? 0;
  const max = Math.min(bounds.max ?? MAX_DURATION_MS, MAX_DURATION_MS);
  const inRange = z
    .number()
    .min(min, { error: `must be at least ${formatDurationMs(min)}` })
    .max(max, { error: `must be at most ${formatDurationMs(max)}` });
  return z
    .union(
      [
        z.number().int().min(0),
        z.string().transform((text, ctx) => {
          const ms = parseDuration(text);
          if (ms === null) {
            ctx.addIssue({ code: 'custom', message: DURATION_HINT });
            return z.NEVER;
          }
          return ms;
        }),
      ],
      { error: DURATION_HINT },
    )
    .pipe(inRange);
}
