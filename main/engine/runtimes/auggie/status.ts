/** Auggie working / idle signs (unverified; generic Ink-style TUI conventions). */
import { unbox } from './screen.ts';

const HINT = /esc to (?:interrupt|cancel|stop)|ctrl\+c to (?:interrupt|cancel|stop)/i;
const SPINNERS = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏✶✢✽✻✳◐◓◑◒';

/** The line that shows Auggie is working, or null. */
export function auggieWorkingLine(lines: readonly string[]): string | null {
  for (const line of lines.slice(-8).reverse()) {
    const text = unbox(line);
    if (HINT.test(text)) return text;
    const first = [...text][0] ?? '';
    if (first !== '' && SPINNERS.includes(first) && (text.includes('…') || text.includes('...'))) return text;
  }
  return null;
}

/**
 * The draft in a bordered input box at the bottom (`│ › text │` with the box's bottom edge right
 * under it), or null when there is no such box.
 */
export function auggieInputDraft(lines: readonly string[]): string | null {
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 4); i--) {
    const raw = (lines[i] ?? '').trim();
    if (!raw.startsWith('│')) continue;
    const text = unbox(raw);
    if (!/^[›>](?: |$)/.test(text)) continue;
    const below = lines.slice(i + 1, i + 3).map((l) => l.trim());
    return below.some((l) => l.startsWith('╰') || l.startsWith('└')) ? text.slice(1).trim() : null;
  }
  return null;
}
