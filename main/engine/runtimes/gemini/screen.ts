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

/** How Gemini CLI draws its numbered options. */
const SHAPE: NumberedBlockShape = { markers: '●', maxWrapped: 3 };

/** One numbered option as drawn; `label` includes its wrapped rows. */
export type GeminiOption = NumberedRowOption;

/** The numbered options whose last row is `end` (unboxed rows), or null (common/numbered-block.ts). */
export function optionBlockEndingAt(rows: readonly string[], end: number): { options: GeminiOption[]; start: number } | null {
  return numberedBlockEndingAt(rows, end, SHAPE);
}
