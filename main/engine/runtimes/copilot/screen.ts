/**
 * GitHub Copilot CLI 1.0.102 screen pieces (verified in test/fixtures/panes/copilot): the rounded box its
 * confirmations and dialogs are drawn in, and the numbered `❯ 1. Yes` option rows inside it.
 */

/** A row with one box side taken off each end, trimmed; border rows (`╭──╮`, `╰──╯`, `│ ──── │`) become ''. */
export function unbox(row: string): string {
  let t = row.trim();
  if (/^[╭╮╰╯─\s]+$/.test(t)) return '';
  if (t.startsWith('│')) t = t.slice(1);
  if (t.endsWith('│')) t = t.slice(0, -1);
  t = t.trim();
  return /^[─\s]+$/.test(t) ? '' : t;
}

/** A full-width horizontal rule (the composer's edges). */
export const isRule = (row: string) => row.length >= 20 && /^─+$/.test(row.trim());

const OPTION = /^(❯\s+)?(\d{1,2})\.\s+(\S.*)$/;

/** One numbered option as drawn; `label` includes its wrapped rows. */
export interface CopilotOption {
  readonly number: number;
  readonly label: string;
  readonly marked: boolean;
}

/**
 * The numbered options whose last row is `end` (unboxed rows): 1..n without holes, wrapped text (at most two
 * rows) under each, single blank rows between them (a narrow pane). Null when the rows are anything else.
 */
export function optionBlockEndingAt(rows: readonly string[], end: number): { options: CopilotOption[]; start: number } | null {
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
    } else if (row === '' && found.length > 0 && rows[i - 1] !== '') {
      // A narrow pane puts a blank row between wrapped options.
      continue;
    } else if (row !== '' && extra.length < 2) extra.unshift(row);
    else return null;
  }
  if (found.length === 0 || found[0]?.number !== 1 || i < 0) return null;
  if (!found.every((o, k) => o.number === k + 1)) return null;
  return { options: found.map((o) => ({ number: o.number, marked: o.marked, label: [o.label, ...o.extra].join(' ') })), start: i };
}

/** The box ending the screen: its rows (unboxed) from the top edge to the bottom edge, or null. */
export interface BottomBox {
  /** Line index of the top edge. */
  readonly top: number;
  /** Unboxed rows, index-aligned with the screen lines (`rows[i]` is line i). */
  readonly rows: readonly string[];
  /** Line index of the last row inside the box. */
  readonly last: number;
}

/** The rounded box whose bottom edge is the screen's last line, or null. */
export function bottomBox(lines: readonly string[]): BottomBox | null {
  const end = lines.length - 1;
  if (!/^╰─+╯$/.test((lines[end] ?? '').trim())) return null;
  let top = end - 1;
  // The outer box's top edge starts the line; inner boxes are indented inside `│`.
  while (top >= 0 && top > end - 60 && !/^╭─+╮$/.test((lines[top] ?? '').trim())) top--;
  if (top < 0 || !/^╭/.test((lines[top] ?? '').trimStart())) return null;
  return { top, rows: lines.map(unbox), last: end - 1 };
}
