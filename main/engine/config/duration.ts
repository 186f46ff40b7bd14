/** Durations in the config file: milliseconds as a number, or a readable string ("30s", "5m", "2h"). */
import { z } from 'zod';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Parse "250ms", "30s", "1.5h", "1h30m" into milliseconds; null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d))+$/.test(trimmed)) return null;
  let total = 0;
  for (const m of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)) {
    total += Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  }
  return Math.round(total);
}

const DURATION_HINT = 'expected milliseconds (a number) or a duration like "30s", "5m", "2h"';

/** A zod schema for a duration setting; the parsed value is always milliseconds. */
export function duration() {
  return z.union(
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
  );
}
