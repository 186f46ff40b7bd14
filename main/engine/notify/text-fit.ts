/** Fitting agent-provided text into one short line for menus and notifications (which show no markup and little width). */

import { cleanExternalText } from '../text/clean-text.ts';

/** The first non-blank line, trimmed, with `…` appended when more lines followed. */
export function firstLine(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const at = lines.findIndex((l) => l !== '');
  if (at < 0) return '';
  const more = lines.slice(at + 1).some((l) => l !== '');
  return more ? `${lines[at]} …` : (lines[at] ?? '');
}

/** At most `max` characters (code points, so an emoji is never cut in half), ending in `…` when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}

/**
 * One clean line of at most `max` characters, first line only: escaped at output like every text
 * surface (control characters, escape sequences, bidi overrides and zero-width characters shown as
 * text, never acted on), even when the text was cleaned where it came in.
 */
export function oneLine(text: string, max: number): string {
  return truncate(firstLine(cleanExternalText(text.replace(/\t/g, ' '))), max);
}
