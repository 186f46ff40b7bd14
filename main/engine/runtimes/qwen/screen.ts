/**
 * Qwen Code 0.24.4 screen pieces (verified in test/fixtures/panes/qwen): rows without their box side, and the
 * numbered `› 1. Yes, allow once` option rows of its confirmations and dialogs (`›` marks the highlight).
 */
import type { NumberedBlockShape, NumberedRowOption } from '../common/numbered-block.ts';
import { numberedBlockEndingAt } from '../common/numbered-block.ts';

/** A row with its box sides taken off (common/unbox.ts). */
export { unbox } from '../common/unbox.ts';

/** A full-width horizontal rule (the composer's edges). */
export const isRule = (row: string) => row.length >= 20 && /^─+$/.test(row.trim());

/**
 * Rows an option may run over under its number in a dialog: a label and the description under it (`ask_user_question`) wrap
 * over many rows in a narrow pane (test/fixtures/catalogue/qwen at 20 columns).
 */
export const MAX_WRAPPED = 12;
/** In a tool confirmation, whose labels are cut to their row rather than wrapped: a foreign row under the list is
 * never taken for part of its last label. */
const CONFIRMATION_WRAPPED = 2;

/** How Qwen Code draws its numbered options. */
const SHAPE: NumberedBlockShape = { markers: '›❯', maxWrapped: CONFIRMATION_WRAPPED };

/** One numbered option as drawn; `label` includes its wrapped rows. */
export type QwenOption = NumberedRowOption;

/** Is this (unboxed) row a numbered option? */
export const isOptionRow = (row: string) => /^([›❯]\s+)?\d{1,2}\.\s+\S/.test(row);

/**
 * The numbered options whose last row is `end` (unboxed rows), or null (common/numbered-block.ts). `maxWrapped`: rows
 * an option may run over (MAX_WRAPPED in a dialog whose labels wrap).
 */
export function optionBlockEndingAt(
  rows: readonly string[],
  end: number,
  maxWrapped = CONFIRMATION_WRAPPED,
): { options: QwenOption[]; start: number } | null {
  return numberedBlockEndingAt(rows, end, { ...SHAPE, maxWrapped });
}

/**
 * The rows above the line a confirmation waits on (` ⠏ Waiting for user confirmation...`, its spinner turning):
 * the index just above it, or the last row when there is none. A narrow pane cuts that line with `…` and puts
 * the cut's tail on a row of its own (`Waiting for user confirmat` / `i…`, captured at 20 and 30 columns:
 * test/fixtures/panes/qwen/perm-shell-20.txt).
 */
export function aboveWaitingLine(lines: readonly string[]): number {
  for (let at = lines.length - 1; at >= 0 && at >= lines.length - 3; at--) {
    if (!/^\s*\S?\s*Waiting for\b/.test(lines[at] ?? '')) continue;
    const tail = lines.slice(at + 1).map((l) => l.trim());
    const whole = tail.length === 0 && /^\s*\S?\s*Waiting for user confirmation\.\.\.$/.test(lines[at] ?? '');
    if (whole || (tail.length > 0 && tail.every((t) => /^[\w.]{0,3}…?$/.test(t)) && tail.at(-1)?.endsWith('…'))) return at - 1;
  }
  return lines.length - 1;
}

/**
 * Does `text` ask one of `questions`, though a narrow pane may have cut it with `…` (Qwen draws a confirmation's
 * question on one row, truncated: `Allow execution of: '…`, `Allow execu…`)? A cut question counts when what shows
 * (five characters at least) is the start of one of `starts`, or starts with one.
 */
export function asksOneOf(text: string, questions: readonly RegExp[], starts: readonly string[]): boolean {
  if (questions.some((q) => q.test(text))) return true;
  const cut = /^(.{5,}?)\s*…$/.exec(text)?.[1];
  return cut !== undefined && starts.some((s) => s.startsWith(cut) || cut.startsWith(s));
}
