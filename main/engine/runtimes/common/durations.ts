/**
 * How agent CLIs print elapsed times, as one regex source every recogniser shares. Written wide on
 * purpose: a turn that took under a second prints `<1s` (Codex 0.169), long ones `1m 02s` or
 * `1h 2m`, some builds `1.5s`; a recogniser that knew only `\d+s` read such a finished turn as
 * still running.
 */

/** One amount with its unit: `3s`, `02s`, `1.5s`, `4m`, `1h`, `2d`. */
const AMOUNT = String.raw`\d+(?:\.\d+)?[dhms]`;

/**
 * An elapsed time: `<1s`, `0s`, `12s`, `1.5s`, `1m 2s`, `1m 02s`, `1h`, `1h 02m 03s`, `2d 1h`.
 * Units may follow each other with or without one space. No anchors, no capture groups.
 */
export const ELAPSED_SOURCE = String.raw`(?:<\s?1\s?s|${AMOUNT}(?: ?${AMOUNT}){0,3})`;

const WHOLE = new RegExp(`^${ELAPSED_SOURCE}$`);

/** Is `text` (trimmed) exactly one elapsed time? */
export function isElapsed(text: string): boolean {
  return WHOLE.test(text.trim());
}
