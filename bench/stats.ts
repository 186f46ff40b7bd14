/** Pure summaries for the bench: percentiles (nearest rank), ratios and rounding — never a single timing. */

/** n, p50, p95, max and mean of a sample set; null figures when there is no sample. */
export interface Summary {
  readonly n: number;
  readonly p50: number | null;
  readonly p95: number | null;
  readonly max: number | null;
  readonly mean: number | null;
}

/** What a run of prompting agents shows of each prompt: how soon it was queued and answered, and which keys reached the agents. */
export interface PromptFigures {
  /** Prompt drawn → `item:added` (permission) for that pane. */
  readonly detection: Summary;
  /** Prompts drawn in the window with no item within the next prompt cycle. */
  readonly missed: number;
  /** Approve request → the agent's record of receiving the key (re-verify capture included). */
  readonly approve: Summary;
  /** How the approvals ended (`confirmed`, `changed`, …). */
  readonly approveOutcomes: Readonly<Record<string, number>>;
  /** Keys the agents received in the window, by name: approve must only ever send the single-use key. */
  readonly keysReceived: Readonly<Record<string, number>>;
}

/**
 * Nearest-rank percentile (the smallest value with at least p % of samples at or below it), so a
 * p95 is always a value that was really measured, not an interpolation between two.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The summary of a sample set. */
export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) return { n: 0, p50: null, p95: null, max: null, mean: null };
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    max: Math.max(...values),
    mean: values.reduce((a, b) => a + b, 0) / values.length,
  };
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** a / b, or null when either is missing or b is zero. */
export function ratio(a: number | null, b: number | null): number | null {
  if (a === null || b === null || b === 0) return null;
  return a / b;
}

/** Round to `digits` decimals (null stays null). */
export function round(value: number | null, digits = 1): number | null {
  if (value === null) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Whether a figure meets an upper bound; null when there is nothing to judge. */
export function within(value: number | null, max: number): boolean | null {
  return value === null ? null : value <= max;
}
