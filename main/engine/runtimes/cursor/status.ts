/** Cursor agent working / idle signs (unverified; from public docs and third-party providers). */
import { bottom } from './screen.ts';

/** Spinner glyphs seen in front of Cursor's progress text ("⬢ Generating…", "⠋ Thinking…"). */
const SPINNERS = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏⬡⬢✶✢✽✻✳';
/** Empty-input placeholders: a fresh session, and after a turn. */
const PLACEHOLDERS = ['Plan, search, build anything', 'Add a follow-up'];

/** The line that shows Cursor is working, or null. */
export function cursorWorkingLine(lines: readonly string[]): string | null {
  for (const { text } of bottom(lines, 8).reverse()) {
    if (/ctrl\+c to stop/i.test(text)) return text;
    const first = [...text][0] ?? '';
    if (first !== '' && SPINNERS.includes(first) && (text.includes('…') || text.includes('...'))) return text;
  }
  return null;
}

/** True when the input box shows its placeholder (empty input) near the bottom. */
export function cursorInputEmpty(lines: readonly string[]): boolean {
  return bottom(lines, 6).some(({ text }) => PLACEHOLDERS.some((p) => text.replace(/^[→❯>]\s*/, '').startsWith(p)));
}
