/** Human-readable durations for the queue ("4m 05s", "1h 05m") and for settings fields ("5m", "2h"). */

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

const pad = (n: number) => String(n).padStart(2, '0');

/** How long an item has waited, coarser as it grows: `12s`, `4m 05s`, `1h 05m`, `2d 03h`. Negative counts as 0. */
export function formatAge(ms: number): string {
  const t = Math.max(0, Math.floor(ms));
  if (t < M) return `${Math.floor(t / S)}s`;
  if (t < H) return `${Math.floor(t / M)}m ${pad(Math.floor((t % M) / S))}s`;
  if (t < D) return `${Math.floor(t / H)}h ${pad(Math.floor((t % H) / M))}m`;
  return `${Math.floor(t / D)}d ${pad(Math.floor((t % D) / H))}h`;
}

const UNITS: ReadonlyArray<readonly [string, number]> = [
  ['d', D],
  ['h', H],
  ['m', M],
  ['s', S],
];

/** A duration as the shortest exact text: `0`, `90s`, `5m`, `1h30m`, `500ms`. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0';
  let rest = Math.round(ms);
  let out = '';
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    if (n > 0) {
      out += `${n}${unit}`;
      rest -= n * size;
    }
  }
  return rest > 0 ? `${out}${rest}ms` : out;
}

const PART = /(\d+(?:\.\d+)?)\s*(ms|d|h|m|s)/gy;

/** Parses `5m`, `1h30m`, `90s`, `0`, `250ms` to milliseconds; null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (t === '0') return 0;
  if (t === '') return null;
  let total = 0;
  PART.lastIndex = 0;
  let at = 0;
  for (let m = PART.exec(t); m !== null; m = PART.exec(t)) {
    const unit = m[2] === 'ms' ? 1 : (UNITS.find(([u]) => u === m?.[2])?.[1] ?? 0);
    total += Number(m[1]) * unit;
    at = PART.lastIndex;
    while (t[at] === ' ') at++;
    PART.lastIndex = at;
  }
  return at === t.length && at > 0 ? Math.round(total) : null;
}

/** Parses a comma-separated list of durations; the error names the first bad entry. */
export function parseDurationList(text: string): { ok: true; values: number[] } | { ok: false; error: string } {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const values: number[] = [];
  for (const part of parts) {
    const ms = parseDuration(part);
    if (ms === null) return { ok: false, error: `"${part}" is not a duration (use e.g. 30s, 5m, 2h)` };
    values.push(ms);
  }
  return { ok: true, values };
}
