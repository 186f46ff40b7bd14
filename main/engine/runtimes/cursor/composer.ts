/**
 * Cursor agent's input box (composer) as Cursor agent 2026.09.26 draws it (peer captures,
 * test/fixtures/peer-screens/screens/cursor-*): the input row between a `▄▄▄` bar and a `▀▀▀` bar,
 * a right-aligned key hint on the same row, and footer rows below the box (model, context %, cwd)
 * that may be followed by notices (`Error: Something went wrong…`). The composer is gone while an
 * approval is asked, so it anchors idle / working / text-entry screens wherever it sits.
 */

/** The composer's input row. */
export interface CursorComposer {
  /** What the input row shows, marker and right-hand hint removed (`Add a follow-up`, a draft). */
  readonly input: string;
  /** The right-aligned hint on the input row (`ctrl+c to stop`), or ''. */
  readonly hint: string;
  /** Index of the `▄▄▄` bar (what is above it is the transcript). */
  readonly topAt: number;
}

const TOP = /^▄{8,}$/;
const BOTTOM = /^▀{8,}$/;

/** The bottom-most composer on the screen, or null when none is drawn. */
export function cursorComposer(lines: readonly string[]): CursorComposer | null {
  const bottomAt = lines.findLastIndex((l) => BOTTOM.test(l.trim()));
  if (bottomAt < 1) return null;
  const topAt = lines.slice(0, bottomAt).findLastIndex((l) => TOP.test(l.trim()));
  if (topAt < 0) return null;
  const row = lines.slice(topAt + 1, bottomAt).find((l) => l.trim() !== '');
  if (row === undefined) return null;
  let text = row.trim();
  if (text.startsWith('→')) text = text.slice(1).trim();
  // The hint is drawn far right: the last wide gap separates it from the input.
  const gap = /\s{3,}(\S[^]*)$/.exec(text);
  return gap ? { input: text.slice(0, gap.index).trim(), hint: gap[1] ?? '', topAt } : { input: text, hint: '', topAt };
}
