/** Codex numbered option lists (`› 1. Yes, proceed (y)`), shared by approval prompts and dialogs. */

/**
 * `› 1. label` (highlighted, `›` or the login screens' `>`) or `  1. label`. Codex indents by two
 * columns, but a capture may have lost the indent (a peer's copy), a list nested deeper has more, and a
 * narrow pane can squeeze the marker against the number (`›2.`): any indent and spacing is read.
 */
const OPTION = /^\s*(?:([›>])\s*)?(\d{1,2})\.\s+(\S.*)$/;
/** Wrapped label text or a per-option description: indented deeper than the option text starts. */
const CONTINUATION = /^ {4,}\S/;

/** One numbered option as drawn. `extra` holds the indented lines under it (wrap or description). */
export interface NumberedOption {
  readonly number: number;
  readonly label: string;
  readonly marked: boolean;
  readonly extra: readonly string[];
}

/** A block of options numbered 1..n, read upward from a given line. */
export interface OptionBlock {
  readonly options: readonly NumberedOption[];
  /** Line index of option 1. */
  readonly start: number;
  /** Blank lines inside the block (login screens have them; approval prompts do not). */
  readonly gaps: number;
}

/** Parse one option line, or null. */
function parseOptionLine(line: string): { number: number; label: string; marked: boolean } | null {
  const m = OPTION.exec(line);
  if (!m) return null;
  return { number: Number(m[2]), label: (m[3] ?? '').trim(), marked: m[1] !== undefined };
}

/**
 * The option block whose last line is at or above `from` (blank lines skipped first). Returns null
 * unless the options run 1..n without holes; older prompts further up are never part of it.
 */
export function optionBlockAbove(lines: readonly string[], from: number): OptionBlock | null {
  let i = from;
  while (i >= 0 && (lines[i] ?? '').trim() === '') i--;
  const collected: { number: number; label: string; marked: boolean; extra: string[] }[] = [];
  let pendingExtra: string[] = [];
  let gaps = 0;
  for (; i >= 0; i--) {
    const line = lines[i] ?? '';
    const option = parseOptionLine(line);
    if (option) {
      collected.unshift({ ...option, extra: pendingExtra });
      pendingExtra = [];
      if (option.number === 1) break;
    } else if (line.trim() === '') {
      gaps++;
    } else if (CONTINUATION.test(line)) {
      pendingExtra.unshift(line.trim());
    } else {
      return null;
    }
  }
  if (collected.length === 0 || pendingExtra.length > 0) return null;
  if (!collected.every((o, k) => o.number === k + 1)) return null;
  return { options: collected, start: i, gaps };
}

/** Index of the single marked option, or null when none or several are marked. */
export function markedIndex(options: readonly NumberedOption[]): number | null {
  const marked = options.flatMap((o, k) => (o.marked ? [k] : []));
  return marked.length === 1 ? (marked[0] ?? null) : null;
}

/**
 * Index of the first row of a `Press enter to …` footer at the bottom, read over up to three rows when a
 * narrow pane wrapped it (`Press enter to confirm or esc to go` / `back`); -1 when there is none.
 */
export function pressEnterFooterTop(lines: readonly string[]): number {
  let end = lines.length - 1;
  while (end >= 0 && (lines[end] ?? '').trim() === '') end--;
  for (let top = end; top >= Math.max(0, end - 2); top--) {
    if (/^Press enter to\b/.test((lines[top] ?? '').trim())) return top;
  }
  return -1;
}
