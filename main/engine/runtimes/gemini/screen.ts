/**
 * Gemini CLI 0.61.0 screen pieces (verified in test/fixtures/panes/gemini): the rounded box its prompts
 * and dialogs are drawn in, and the numbered `● 1. Allow once` option rows inside it.
 */
import type { NumberedBlockShape, NumberedRowOption } from '../common/numbered-block.ts';
import { numberedBlockEndingAt } from '../common/numbered-block.ts';

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

/** How Gemini CLI draws its numbered options. */
const SHAPE: NumberedBlockShape = { markers: '●', maxWrapped: 3 };

/** One numbered option as drawn; `label` includes its wrapped rows. */
export type GeminiOption = NumberedRowOption;

/** The numbered options whose last row is `end` (unboxed rows), or null (common/numbered-block.ts). */
export function optionBlockEndingAt(rows: readonly string[], end: number): { options: GeminiOption[]; start: number } | null {
  return numberedBlockEndingAt(rows, end, SHAPE);
}
