/** Claude screen text prepared for the recognisers: visible characters only, the bottom of the pane, shape tests. */
import { stripAnsi } from '../common/ansi.ts';

/**
 * How many lines above the last non-blank line the recognisers read. Everything Claude asks sits at the
 * bottom; a prompt taller than this loses its header and therefore parses as low confidence.
 */
export const WINDOW = 120;

/**
 * Lines longer than this never come out of `capture-pane -p` (lines are cut at the pane width), so a
 * region containing one was not drawn by Claude as we know it and cannot be read with confidence.
 */
export const MAX_SANE_LINE = 1000;

// C0/C1 controls other than the ones we map to spaces: binary garbage must not reach the regexes.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

// Anything cleanLine has to rewrite; most captured lines contain none of it.
// eslint-disable-next-line no-control-regex
const NEEDS_CLEANING = /[\x00-\x1f\x7f-\x9f\u00a0]/;

/** One line as the user sees it: escapes and control bytes removed, NBSP and tabs as spaces, no trailing space. */
export function cleanLine(raw: string): string {
  const line = String(raw);
  // trimEnd, not /\s+$/: the regex is quadratic on the long space runs of right-aligned hints.
  if (!NEEDS_CLEANING.test(line)) return line.trimEnd();
  return stripAnsi(line)
    .replace(/[\u00a0\t]/g, ' ')
    .replace(CONTROLS, '')
    .trimEnd();
}

/** The cleaned bottom of a capture: at most WINDOW lines, trailing blank lines dropped. */
export function bottomLines(lines: readonly string[]): string[] {
  // A caller may hand us text with embedded newlines; tmux never does, but the parser must not care.
  const flat = lines.flatMap((l) => String(l ?? '').split(/\r?\n|\r/));
  let end = flat.length;
  while (end > 0 && cleanLine(flat[end - 1] ?? '') === '') end--;
  const start = Math.max(0, end - WINDOW);
  return flat.slice(start, end).map(cleanLine);
}

/** Blank after cleaning. */
export function isBlank(line: string | undefined): boolean {
  return line === undefined || line.trim() === '';
}

/** A horizontal rule drawn with `─` (full width above prompts and around the input box; indented in plan approval). */
export function isRule(line: string | undefined): boolean {
  return line !== undefined && /^\s*─{8,}\s*$/.test(line);
}

/** The dashed `╌╌╌` line Claude draws above and below the command / file content of a permission prompt. */
export function isDashedRule(line: string | undefined): boolean {
  return line !== undefined && /^\s*╌{8,}\s*$/.test(line);
}

/** Number of leading spaces. */
export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Index of the nearest rule line strictly above `from`, searching at most `limit` lines; -1 when none. */
export function ruleAbove(lines: readonly string[], from: number, limit: number): number {
  for (let i = from - 1; i >= 0 && i >= from - limit; i--) if (isRule(lines[i])) return i;
  return -1;
}
