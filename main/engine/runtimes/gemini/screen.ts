/**
 * Gemini CLI 0.61.0 screen pieces (verified in test/fixtures/panes/gemini): the rounded box its prompts
 * and dialogs are drawn in, and the numbered `● 1. Allow once` option rows inside it.
 */

/** A row with one box side taken off each end, trimmed. Pure border rows (`╭───╮`, `╰───╯`) become ''. */
export function unbox(row: string): string {
  let t = row.trim();
  if (/^[╭╮╰╯─\s]+$/.test(t)) return '';
  if (t.startsWith('│')) t = t.slice(1);
  if (t.endsWith('│')) t = t.slice(0, -1);
  return t.trim();
}

/** A box's top or bottom edge (`╭──…──╮` / `╰──…──╯`), at any indent. */
export const isBoxTop = (row: string) => /^\s*╭─+╮\s*$/.test(row);
export const isBoxBottom = (row: string) => /^\s*╰─+╯\s*$/.test(row);

/** `● 1. Allow once` (the marked option) or `1. Allow for this session`, as an unboxed row. */
const OPTION = /^(●\s+)?(\d{1,2})\.\s+(\S.*)$/;

/** One numbered option as drawn; `label` includes the wrapped rows under it. */
export interface GeminiOption {
  readonly number: number;
  readonly label: string;
  readonly marked: boolean;
}

/** The option block ending at row `end` (unboxed rows), read upward until option 1. */
export interface OptionBlock {
  readonly options: readonly GeminiOption[];
  /** Row index of option 1. */
  readonly start: number;
}

/**
 * The numbered options whose last row is `end`: 1..n without holes, each option's wrapped text on the rows
 * under it. Null when the rows are anything else.
 */
export function optionBlockEndingAt(rows: readonly string[], end: number): OptionBlock | null {
  const found: { number: number; label: string; marked: boolean; extra: string[] }[] = [];
  let extra: string[] = [];
  let i = end;
  for (; i >= 0 && i > end - 40; i--) {
    const row = rows[i] ?? '';
    const m = OPTION.exec(row);
    if (m) {
      found.unshift({ number: Number(m[2]), label: (m[3] ?? '').trim(), marked: m[1] !== undefined, extra });
      extra = [];
      if (m[2] === '1') break;
    } else if (row !== '' && extra.length < 3) {
      // Read upward, the rows under an option (its wrapped text) come before the option itself.
      extra.unshift(row);
    } else return null;
  }
  if (found.length === 0 || found[0]?.number !== 1 || i < 0) return null;
  if (!found.every((o, k) => o.number === k + 1)) return null;
  const options = found.map((o) => ({ number: o.number, marked: o.marked, label: [o.label, ...o.extra].join(' ') }));
  return { options, start: i };
}
