/** The `△ <title>` box opencode draws at the bottom for permissions and their follow-up dialogs. */
import type { Button } from './buttons.ts';
import { isButtonHintText, parseButtonRow, parseButtonsOnly } from './buttons.ts';
import { boxAtBottom } from './screen.ts';

/** A titled box at the bottom of the screen, with its button row when it has one. */
export interface PromptBox {
  readonly title: string;
  /** Trimmed lines between the title and the button row (or the end of the box). */
  readonly body: readonly string[];
  /** The plain line of the button row, and its buttons. */
  readonly row: string | null;
  readonly buttons: readonly Button[];
}

// How far above a borderless button row its `△` title may be.
const BORDERLESS_HEIGHT = 20;

/**
 * The same prompt drawn without its `┃` left border (opencode 1.4.3 as copied in thrum's samples):
 * the button row with its `enter confirm` hint is the last line and a `△ <title>` line is above it.
 */
function borderlessBox(lines: readonly string[]): PromptBox | null {
  const end = lines.length - 1;
  const row = lines[end] ?? '';
  // Most screens end otherwise (composer footer, transcript): skip the tokenising for them.
  if (!row.includes('enter confirm')) return null;
  const buttons = parseButtonRow(row, false);
  if (!buttons) return null;
  for (let i = end - 1; i >= 0 && i >= end - BORDERLESS_HEIGHT; i--) {
    const line = (lines[i] ?? '').trim();
    if (line.includes('┃')) return null;
    if (!line.startsWith('△ ')) continue;
    return { title: line.slice(2).trim(), body: lines.slice(i + 1, end).map((l) => l.trim()), row, buttons };
  }
  return null;
}

/** The titled box that ends the screen (with or without its border), or null. */
export function promptBoxAtBottom(lines: readonly string[]): PromptBox | null {
  const box = boxAtBottom(lines);
  if (!box) return borderlessBox(lines);
  // The title opens the box; a `△` further down is body text (a diff, a command).
  // A pane about 30 columns wide squeezes out the gap after the triangle (`△Permission required`).
  const titleAt = box.inner.findIndex((l) => /^△\s*\S/.test(l.trim()));
  if (titleAt < 0) return null;
  const found = buttonRowIn(lines, box.start, box.inner, titleAt);
  const rowAt = found?.at ?? -1;
  const bodyEnd = rowAt >= 0 ? rowAt : box.inner.length;
  return {
    title: (box.inner[titleAt] ?? '').trim().slice(1).trim(),
    body: box.inner.slice(titleAt + 1, bodyEnd).map((l) => l.trim()),
    row: rowAt >= 0 ? (lines[box.start + rowAt] ?? null) : null,
    buttons: found?.buttons ?? [],
  };
}

/**
 * The button row of the box, from the bottom: buttons with their hints beside them, or (a pane under 80 columns)
 * buttons alone on the row above the hints' row, a blank row between.
 */
function buttonRowIn(
  lines: readonly string[],
  start: number,
  inner: readonly string[],
  titleAt: number,
): { at: number; buttons: Button[] } | null {
  for (let i = inner.length - 1; i > titleAt; i--) {
    const beside = parseButtonRow(lines[start + i] ?? '');
    if (beside) return { at: i, buttons: beside };
    if (!isButtonHintText(inner[i] ?? '')) continue;
    let above = i - 1;
    while (above > titleAt && (inner[above] ?? '').trim() === '' && i - above <= 2) above--;
    const alone = above > titleAt ? parseButtonsOnly(lines[start + above] ?? '') : null;
    return alone ? { at: above, buttons: alone } : null;
  }
  return null;
}
