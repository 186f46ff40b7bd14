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
// A 20-column pane wraps a label over many rows (four in test/fixtures/panes/copilot/dialog-trust-20, seven for an MCP
// tool's session grant).
const SHAPE: NumberedBlockShape = { markers: '❯', maxWrapped: 12, blankBetween: true };

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
  /** The top edge is scrolled off: `top` is the row above the first side row shown, the title may be gone. */
  readonly cut: boolean;
}

/** A row of the outer box's sides: `│ … │` from the first column to the last. */
const isSideRow = (line: string) => /^│.*│$/.test(line.trim());

/** Rows of the box's sides a pane must show when its top edge is scrolled off, to read what is left. */
const MIN_CUT_BOX = 8;

/**
 * The rounded box whose bottom edge is the screen's last line, or null. A box taller than the pane (a 20-column
 * pane wraps every row: test/fixtures/panes/copilot/dialog-trust-20) has its top edge scrolled off: its side rows
 * then run up to a row that is no part of it, which stands in for the top edge (`cut`).
 */
export function bottomBox(lines: readonly string[]): BottomBox | null {
  const end = lines.length - 1;
  if (!/^╰─+╯$/.test((lines[end] ?? '').trim())) return null;
  let top = end - 1;
  // The outer box's top edge starts the line; inner boxes are indented inside `│`.
  while (top >= 0 && top > end - 200 && !/^╭─+╮$/.test((lines[top] ?? '').trim())) {
    if (!isSideRow(lines[top] ?? '')) break;
    top--;
  }
  const edge = /^╭─+╮$/.test((lines[top] ?? '').trim());
  if (!edge && end - 1 - top < MIN_CUT_BOX) return null;
  return { top, rows: lines.map(unbox), last: end - 1, cut: !edge };
}
