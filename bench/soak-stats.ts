/**
 * The soak's arithmetic, pure: a least-squares line through (time, value) samples — its slope per
 * hour and the slope's standard error — and the verdicts against the soak targets.
 */

/** A fitted line: `slope` in units per hour, `slopeSE` its standard error (null under 3 samples). */
export interface Trend {
  readonly n: number;
  readonly first: number | null;
  readonly last: number | null;
  readonly max: number | null;
  readonly slopePerHour: number | null;
  readonly slopeSE: number | null;
}

const HOUR_MS = 3_600_000;

/**
 * Ordinary least squares of value on time (ms), slope scaled to per hour. SE = sqrt(Σr² / (n−2) / Σ(x−x̄)²).
 * Fewer than two distinct times: no slope.
 */
export function trendOf(points: readonly { readonly t: number; readonly v: number }[]): Trend {
  const n = points.length;
  const base = { n, first: points[0]?.v ?? null, last: points[n - 1]?.v ?? null, max: n ? Math.max(...points.map((p) => p.v)) : null };
  if (n < 2) return { ...base, slopePerHour: null, slopeSE: null };
  const xs = points.map((p) => (p.t - points[0]!.t) / HOUR_MS);
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = points.reduce((a, p) => a + p.v, 0) / n;
  let sxx = 0;
  let sxy = 0;
  points.forEach((p, i) => {
    sxx += (xs[i]! - mx) ** 2;
    sxy += (xs[i]! - mx) * (p.v - my);
  });
  if (sxx === 0) return { ...base, slopePerHour: null, slopeSE: null };
  const slope = sxy / sxx;
  if (n < 3) return { ...base, slopePerHour: slope, slopeSE: null };
  const rss = points.reduce((a, p, i) => a + (p.v - (my + slope * (xs[i]! - mx))) ** 2, 0);
  return { ...base, slopePerHour: slope, slopeSE: Math.sqrt(rss / (n - 2) / sxx) };
}

/** How a measure is judged: a slope limit (units per hour), flat within noise, or a ceiling on every sample. */
export type SoakTarget =
  | { readonly kind: 'slope-max'; readonly perHour: number }
  | { readonly kind: 'flat'; readonly allowPerHour: number }
  | { readonly kind: 'ceiling'; readonly max: number };

/**
 * The verdict of one measure. `flat`: no growth beyond noise — the slope at most two standard
 * errors above zero plus `allowPerHour` (integer counts that wobble with requests in flight).
 * Null when there is nothing to judge.
 */
export function judge(trend: Trend, target: SoakTarget): boolean | null {
  switch (target.kind) {
    case 'slope-max':
      return trend.slopePerHour === null ? null : trend.slopePerHour <= target.perHour;
    case 'flat':
      if (trend.slopePerHour === null || trend.slopeSE === null) return null;
      return trend.slopePerHour <= 2 * trend.slopeSE + target.allowPerHour;
    case 'ceiling':
      return trend.max === null ? null : trend.max <= target.max;
  }
}

/** The target as the report prints it. */
export function describeTarget(target: SoakTarget, unit: string): string {
  switch (target.kind) {
    case 'slope-max':
      return `slope ≤ ${target.perHour} ${unit}/h`;
    case 'flat':
      return `flat (slope ≤ 2 SE + ${target.allowPerHour}/h)`;
    case 'ceiling':
      return `≤ ${target.max} ${unit} at every sample`;
  }
}

/** The soak targets (issue 22). */
export const SOAK_TARGETS = {
  /** Engine RSS growth after warm-up, MB per hour. */
  rssMBPerHour: 2,
  /** V8 heap used growth after warm-up, MB per hour. */
  heapMBPerHour: 2,
  /** The WAL at every sample, MB. */
  walMaxMB: 16,
  /** Counts (descriptors, handles, timers, tmux clients) may wobble; growth beyond 2 SE + this per hour fails. */
  flatAllowPerHour: 1,
  /**
   * Slopes are judged only over a measured window this long (minutes): a shorter run cannot resolve
   * 2 MB/h (its standard error is tens of MB/h), so it reports its slopes without a verdict. The WAL
   * ceiling holds at every sample and is judged at any length.
   */
  judgedFromMinutes: 20,
} as const;

/** The verdict cell of a slope measured over too short a window. */
export const NOT_JUDGED_SHORT = `not judged: run shorter than ${SOAK_TARGETS.judgedFromMinutes} min`;

/** The figures one sample gives, by measure (bench/soak-sample.ts takes them); sizes in bytes. */
export interface SampleFigures {
  readonly t: number;
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
  /** V8's committed heap (used or not): with `externalBytes`, where RSS outside the live set lives. */
  readonly heapTotalBytes: number;
  /** Memory V8 tracks outside its heap (Buffers, ArrayBuffers). */
  readonly externalBytes: number;
  /**
   * The anonymous part of RSS (heaps, stacks; `RssAnon`): RSS less the pages of mapped files (Node's
   * binary and libraries, paged in as code runs for the first time and given back under pressure).
   */
  readonly rssAnonBytes: number;
  /** RSS just before the sample's collection: what the process held with the collector's sawtooth in it. */
  readonly rssBeforeGcBytes: number;
  /** V8's resident young generation just before the collection (elastic, up to V8's semi-space limit). */
  readonly youngGenerationBytes: number;
  readonly fds: number;
  /** Live handles other than timers (sockets, pipes, child processes, fs watchers…). */
  readonly handles: number;
  /** Live `Timeout` / `Immediate` resources. */
  readonly timers: number;
  /** Control-mode clients attached to the fleet's tmux server (the engine's connections to it). */
  readonly tmuxClients: number;
  readonly sseClients: number;
  readonly databaseBytes: number;
  readonly walBytes: number;
  readonly logBytes: number;
  readonly rows: Readonly<Record<string, number>>;
}

/** One measure of the soak, fitted and judged (`target` null: reported, not judged). */
export interface SoakMeasure {
  readonly measure: string;
  readonly unit: string;
  readonly trend: Trend;
  readonly target: SoakTarget | null;
  readonly pass: boolean | null;
  /** Why a measure with a target has no verdict (a window shorter than `judgedFromMinutes`); null when judged. */
  readonly notJudged: string | null;
}

const MB = 2 ** 20;

/**
 * The time the samples stand for: from the first to the last plus one interval (the median gap), as
 * each sample stands for the interval it opens. n samples every 10 s over a 20-min window span only
 * 19 min 50 s from first to last; that window is still 20 min.
 */
export function windowCovered(samples: readonly { readonly t: number }[]): number {
  if (samples.length < 2) return 0;
  const gaps = samples
    .slice(1)
    .map((s, i) => s.t - samples[i]!.t)
    .sort((a, b) => a - b);
  return samples[samples.length - 1]!.t - samples[0]!.t + gaps[Math.floor(gaps.length / 2)]!;
}

/** Every measure of a run's samples, in report order; slopes of a window under `judgedFromMinutes` are reported unjudged. */
export function soakMeasures(samples: readonly SampleFigures[]): SoakMeasure[] {
  const flat: SoakTarget = { kind: 'flat', allowPerHour: SOAK_TARGETS.flatAllowPerHour };
  const defs: [string, string, (s: SampleFigures) => number, SoakTarget | null][] = [
    ['engine RSS', 'MB', (s) => s.rssBytes / MB, { kind: 'slope-max', perHour: SOAK_TARGETS.rssMBPerHour }],
    ['RSS: anonymous (RssAnon)', 'MB', (s) => s.rssAnonBytes / MB, null],
    ['V8 heap used', 'MB', (s) => s.heapUsedBytes / MB, { kind: 'slope-max', perHour: SOAK_TARGETS.heapMBPerHour }],
    ['V8 heap committed', 'MB', (s) => s.heapTotalBytes / MB, null],
    ['external (Buffers)', 'MB', (s) => s.externalBytes / MB, null],
    ['RSS before the collection', 'MB', (s) => s.rssBeforeGcBytes / MB, null],
    ['young generation before it', 'MB', (s) => s.youngGenerationBytes / MB, null],
    ['open file descriptors', '', (s) => s.fds, flat],
    ['active handles (not timers)', '', (s) => s.handles, flat],
    ['active timers', '', (s) => s.timers, flat],
    ['tmux control connections', '', (s) => s.tmuxClients, flat],
    ['WAL', 'MB', (s) => s.walBytes / MB, { kind: 'ceiling', max: SOAK_TARGETS.walMaxMB }],
    ['database file', 'MB', (s) => s.databaseBytes / MB, null],
    ['log (daemon stderr)', 'kB', (s) => s.logBytes / 1024, null],
    ['SSE clients', '', (s) => s.sseClients, null],
  ];
  const tables = [...new Set(samples.flatMap((s) => Object.keys(s.rows)))];
  for (const table of tables) defs.push([`rows: ${table}`, '', (s) => s.rows[table] ?? 0, null]);
  const short = windowCovered(samples) < SOAK_TARGETS.judgedFromMinutes * 60_000;
  return defs.map(([measure, unit, pick, target]) => {
    const trend = trendOf(samples.map((s) => ({ t: s.t, v: pick(s) })));
    if (target === null) return { measure, unit, trend, target, pass: null, notJudged: null };
    if (short && target.kind !== 'ceiling') return { measure, unit, trend, target, pass: null, notJudged: NOT_JUDGED_SHORT };
    return { measure, unit, trend, target, pass: judge(trend, target), notJudged: null };
  });
}
