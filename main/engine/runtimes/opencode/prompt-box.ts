/** The `△ <title>` box opencode draws at the bottom for permissions and their follow-up dialogs. */
import type { Button } from './buttons.ts';
import { parseButtonRow } from './buttons.ts';
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
  // `△Permission required` without the space in a narrow pane.
  const titleAt = box.inner.findIndex((l) => /^△\s*\S/.test(l.trim()));
  if (titleAt < 0) return null;
  let rowAt = -1;
  let buttons: Button[] = [];
  for (let i = box.inner.length - 1; i > titleAt; i--) {
    // Hints on a row of their own count only under a row standing alone (a wrapped label has its rest under it).
    const below = box.inner.slice(i + 1).findIndex((l) => l.trim() !== '');
    const alone = (box.inner[i - 1] ?? '').trim() === '';
    const parsed = parseButtonRow(lines[box.start + i] ?? '', true, below >= 0 && alone ? lines[box.start + i + 1 + below] : undefined);
    if (parsed) {
      rowAt = i;
      buttons = parsed;
      break;
    }
  }
  const bodyEnd = rowAt >= 0 ? rowAt : box.inner.length;
  return {
    title: (box.inner[titleAt] ?? '').trim().slice(1).trim(),
    body: box.inner.slice(titleAt + 1, bodyEnd).map((l) => l.trim()),
    row: rowAt >= 0 ? (lines[box.start + rowAt] ?? null) : null,
    buttons,
  };
}
