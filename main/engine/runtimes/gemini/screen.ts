/**
 * Gemini CLI 0.61.0 screen pieces (verified in test/fixtures/panes/gemini): the rounded box its prompts
 * and dialogs are drawn in, and the numbered `● 1. Allow once` option rows inside it.
 */
import type { NumberedBlockShape, NumberedRowOption } from '../common/numbered-block.ts';
import { numberedBlockEndingAt } from '../common/numbered-block.ts';

/** A row with its box sides taken off (common/unbox.ts). */
export { unbox } from '../common/unbox.ts';

/** A box's top or bottom edge (`╭──…──╮` / `╰──…──╯`), at any indent. */
export const isBoxTop = (row: string) => /^\s*╭─+╮\s*$/.test(row);
export const isBoxBottom = (row: string) => /^\s*╰─+╯\s*$/.test(row);

/**
 * Rows an option may run over under its number in a dialog: a label and the description under it (`ask_user`, plan approval)
 * wrap over many rows in a narrow pane (test/fixtures/catalogue/gemini at 20 columns).
 */
export const MAX_WRAPPED = 12;
/** In a tool confirmation, whose labels are cut to their row rather than wrapped: a foreign row under the list is
 * never taken for part of its last label. */
const CONFIRMATION_WRAPPED = 3;

/** How Gemini CLI draws its numbered options. */
const SHAPE: NumberedBlockShape = { markers: '●', maxWrapped: CONFIRMATION_WRAPPED };

/** One numbered option as drawn; `label` includes its wrapped rows. */
export type GeminiOption = NumberedRowOption;

/**
 * The numbered options whose last row is `end` (unboxed rows), or null (common/numbered-block.ts). `maxWrapped`: rows
 * an option may run over (MAX_WRAPPED in a dialog whose labels wrap).
 */
export function optionBlockEndingAt(
  rows: readonly string[],
  end: number,
  maxWrapped = CONFIRMATION_WRAPPED,
): { options: GeminiOption[]; start: number } | null {
  return numberedBlockEndingAt(rows, end, { ...SHAPE, maxWrapped });
}
