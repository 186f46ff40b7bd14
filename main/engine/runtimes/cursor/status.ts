/**
 * Cursor agent working / idle signs. With the composer drawn (cursor/composer.ts, 2026.09 peer
 * captures) they are read from it: `ctrl+c to stop` on its input row means a turn runs, a
 * placeholder without it means idle, whatever notices sit under the box. Without a composer, the
 * older signs from public docs: a spinner line or `ctrl+c to stop` near the bottom, a placeholder.
 */
import type { CursorComposer } from './composer.ts';
import { bottom } from './screen.ts';

/** Spinner glyphs seen in front of Cursor's progress text ("⬢ Generating…", "⠋ Thinking…"). */
const SPINNERS = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏⬡⬢✶✢✽✻✳';
/** 2026.09: a braille spinner, often behind a blank braille cell (`⠀⠞ Working`, `⠀⠞ Running  71 tokens`). */
const BRAILLE_SPINNER = /^[\u2800\s]*[\u2801-\u28ff] \S/;
/** Empty-input placeholders: a fresh session, and after a turn. */
const PLACEHOLDERS = ['Plan, search, build anything', 'Add a follow-up'];
const STOP = /ctrl\+c to stop/i;

/** Is this line Cursor's spinner / progress line? */
export function isCursorSpinnerLine(line: string): boolean {
  const text = line.trim();
  if (BRAILLE_SPINNER.test(text)) return true;
  const first = [...text][0] ?? '';
  return first !== '' && SPINNERS.includes(first) && (text.includes('…') || text.includes('...'));
}

/** Is the composer's input one of Cursor's empty-input placeholders? */
export function isCursorPlaceholder(input: string): boolean {
  return PLACEHOLDERS.some((p) => input.startsWith(p));
}

/** The line that shows Cursor is working, or null. */
export function cursorWorkingLine(lines: readonly string[], composer: CursorComposer | null = null): string | null {
  if (composer) {
    if (!STOP.test(composer.hint)) return null;
    const above = lines.slice(0, composer.topAt).findLast((l) => l.trim() !== '') ?? '';
    return isCursorSpinnerLine(above) ? above.replace(/^[\u2800\s]+/, '') : `${composer.input}  ${composer.hint}`;
  }
  for (const { text } of bottom(lines, 8).reverse()) {
    if (STOP.test(text) || isCursorSpinnerLine(text)) return text;
  }
  return null;
}

/** True when the input box shows its placeholder (empty input). */
export function cursorInputEmpty(lines: readonly string[], composer: CursorComposer | null = null): boolean {
  if (composer) return isCursorPlaceholder(composer.input);
  return bottom(lines, 6).some(({ text }) => isCursorPlaceholder(text.replace(/^[→❯>]\s*/, '')));
}
