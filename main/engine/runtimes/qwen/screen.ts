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
 * Rows an option may run over under its number: a label and the description under it (`ask_user_question`) wrap
 * over many rows in a narrow pane (test/fixtures/catalogue/qwen at 20 columns).
 */
export const MAX_WRAPPED = 12;

/** How Qwen Code draws its numbered options. */
const SHAPE: NumberedBlockShape = { markers: '›❯', maxWrapped: MAX_WRAPPED };

/** One numbered option as drawn; `label` includes its wrapped rows. */
export type QwenOption = NumberedRowOption;

/** Is this (unboxed) row a numbered option? */
export const isOptionRow = (row: string) => /^([›❯]\s+)?\d{1,2}\.\s+\S/.test(row);

/** The numbered options whose last row is `end` (unboxed rows), or null (common/numbered-block.ts). */
export function optionBlockEndingAt(rows: readonly string[], end: number): { options: QwenOption[]; start: number } | null {
  return numberedBlockEndingAt(rows, end, SHAPE);
}
