/**
 * Qwen Code 0.24.4 screen pieces (verified in test/fixtures/panes/qwen): rows without their box side, and the
 * numbered `› 1. Yes, allow once` option rows of its confirmations and dialogs (`›` marks the highlight).
 */

/** A row with a box side taken off each end (dialogs draw `│` on the left only), trimmed; borders become ''. */
export function unbox(row: string): string {
  let t = row.trim();
  if (/^[╭╮╰╯─\s]+$/.test(t)) return '';
  if (t.startsWith('│')) t = t.slice(1);
  if (t.endsWith('│')) t = t.slice(0, -1);
  return t.trim();
}

/** A full-width horizontal rule (the composer's edges). */
export const isRule = (row: string) => row.length >= 20 && /^─+$/.test(row.trim());

/** `›` marks the highlight in confirmations and dialogs, `❯` in the model's questions. */
const OPTION = /^([›❯]\s+)?(\d{1,2})\.\s+(\S.*)$/;

/** One numbered option as drawn; `label` includes its wrapped rows. */
export interface QwenOption {
  readonly number: number;
  readonly label: string;
  readonly marked: boolean;
}

/** Is this (unboxed) row a numbered option? */
export const isOptionRow = (row: string) => OPTION.test(row);

/**
 * The numbered options whose last row is `end` (unboxed rows): 1..n without holes, each option's wrapped
 * text on the rows under it (at most two). Null when the rows are anything else.
 */
export function optionBlockEndingAt(rows: readonly string[], end: number): { options: QwenOption[]; start: number } | null {
  const found: { number: number; label: string; marked: boolean; extra: string[] }[] = [];
  let extra: string[] = [];
  let i = end;
  for (; i >= 0 && i > end - 30; i--) {
    const row = rows[i] ?? '';
    const m = OPTION.exec(row);
    if (m) {
      found.unshift({ number: Number(m[2]), label: (m[3] ?? '').trim(), marked: m[1] !== undefined, extra });
      extra = [];
      if (m[2] === '1') break;
    } else if (row !== '' && extra.length < 2) extra.unshift(row);
    else return null;
  }
  if (found.length === 0 || found[0]?.number !== 1 || i < 0) return null;
  if (!found.every((o, k) => o.number === k + 1)) return null;
  return { options: found.map((o) => ({ number: o.number, marked: o.marked, label: [o.label, ...o.extra].join(' ') })), start: i };
}
