/** Pure geometry of the wait chart: waits clipped to the window and scaled to the chart width. */
import type { WaitReasonDto, WaitSpanDto } from '../../../preload/contract/index.ts';

/** One bar of the chart in chart units. */
export interface Bar {
  readonly x: number;
  readonly width: number;
  readonly reason: WaitReasonDto;
  /** Clipped duration in ms (for the tooltip). */
  readonly ms: number;
  readonly start: number;
  readonly end: number;
}

/** The bars for waits within [since, until] on a chart `width` units wide; an open wait runs to `until`. */
export function waitBars(waits: readonly WaitSpanDto[], since: number, until: number, width: number): Bar[] {
  const span = until - since;
  if (span <= 0) return [];
  const bars: Bar[] = [];
  for (const w of waits) {
    const start = Math.max(w.start, since);
    const end = Math.min(w.end ?? until, until);
    if (end <= start) continue;
    const x = ((start - since) / span) * width;
    // At least a hair wide, so a short wait is still visible.
    bars.push({ x, width: Math.max(((end - start) / span) * width, 0.5), reason: w.reason, ms: end - start, start, end });
  }
  return bars;
}

/** Total waited per reason within the window (ms), largest first; reasons with no wait are left out. */
export function totalsByReason(waits: readonly WaitSpanDto[], since: number, until: number): Array<{ reason: WaitReasonDto; ms: number }> {
  const totals = new Map<WaitReasonDto, number>();
  for (const bar of waitBars(waits, since, until, 1)) totals.set(bar.reason, (totals.get(bar.reason) ?? 0) + bar.ms);
  return [...totals].map(([reason, ms]) => ({ reason, ms })).sort((a, b) => b.ms - a.ms);
}

/** Tick positions every `stepMs` back from `until` (labelled in hours ago). */
export function hourTicks(since: number, until: number, width: number, stepMs: number): Array<{ x: number; label: string }> {
  const ticks: Array<{ x: number; label: string }> = [];
  for (let t = until; t >= since; t -= stepMs) {
    const hoursAgo = Math.round((until - t) / 3_600_000);
    ticks.push({ x: ((t - since) / (until - since)) * width, label: hoursAgo === 0 ? 'now' : `−${hoursAgo}h` });
  }
  return ticks.reverse();
}
