/**
 * GitHub Copilot CLI 1.0.102 screen pieces (verified in test/fixtures/panes/copilot): the rounded box its
 * confirmations and dialogs are drawn in, and the numbered `❯ 1. Yes` option rows inside it.
 */
import type { NumberedBlockShape, NumberedRowOption } from '../common/numbered-block.ts';
import { numberedBlockEndingAt } from '../common/numbered-block.ts';

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

/** How Copilot CLI draws its numbered options. */
// A 20-column pane wraps `No, and tell Copilot what to do differently (Esc to stop)` over five rows.
const SHAPE: NumberedBlockShape = { markers: '❯', maxWrapped: 5, blankBetween: true };

/** One numbered option as drawn; `label` includes its wrapped rows. */
export type CopilotOption = NumberedRowOption;

/** The numbered options whose last row is `end` (unboxed rows), or null (common/numbered-block.ts). */
export function optionBlockEndingAt(rows: readonly string[], end: number): { options: CopilotOption[]; start: number } | null {
  return numberedBlockEndingAt(rows, end, SHAPE);
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
