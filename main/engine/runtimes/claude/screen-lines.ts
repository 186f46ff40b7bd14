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

const BOX_TOP = /^\s*╭─+╮?\s*$/;
const BOX_BOTTOM = /^\s*╰─+╯?\s*$/;
const BOX_SIDE = /^\s*│(.*?)(?:│\s*)?$/;

/**
 * The bottom of the screen with a `╭ │ ╰` box taken apart, or null when the screen does not end in one:
 * older releases (and hand-made copies of them) drew prompts boxed, sometimes with the right border out
 * of line. The top edge becomes a `─` rule (the prompt's top), the sides go, the bottom edge is dropped.
 */
export function unboxBottom(lines: readonly string[]): string[] | null {
  let end = lines.length - 1;
  while (end >= 0 && isBlank(lines[end])) end--;
  if (end < 0 || !BOX_BOTTOM.test(lines[end] ?? '')) return null;
  let top = end - 1;
  while (top >= 0 && BOX_SIDE.test(lines[top] ?? '')) top--;
  if (top < 0 || !BOX_TOP.test(lines[top] ?? '')) return null;
  const inner = lines.slice(top + 1, end).map((l) => (BOX_SIDE.exec(l)?.[1] ?? '').trimEnd());
  return [...lines.slice(0, top), '─'.repeat(40), ...inner];
}
