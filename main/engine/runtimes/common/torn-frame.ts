/**
 * A frame the CLI is still drawing: a capture taken while the terminal was half-way through repainting
 * shows two frames at once (rows of the new menu over rows of the old one, so an option number comes
 * twice) or the start of a row glued to what the old frame left there (`Ex❯ 1. Yes`, `ro2. No`). Such a
 * screen is `unknown` until it settles: nothing on it can be trusted to be where a key would land.
 */

/** An option row: optional marker, a number, a dot, a label. */
const OPTION = /^\s*(?:[❯›>→▶]\s*)?(\d{1,2})\.\s+\S/;
/** Text glued to the left of a cursor marker that stands before an option (`Ex❯ 1. Yes`, `Ex→ Run (once) (y)`). */
const GLUED_MARKER = /^\s*[^\s│┃║|❯›>→▶]+(?:›\s?\d{1,2}\.\s+\S|[❯→▶] ?(?:\d{1,2}\.\s+)?[A-Z[(])/;
/** A few letters glued to an option number at the start of a row (`ro2. No`), the rest a label. */
const GLUED_NUMBER = /^\s*[A-Za-z]{1,4}(\d{1,2})\.\s+[A-Z]/;
/** A full-width rule: the top edge of a prompt; options above it belong to earlier output. */
const RULE = /^\s*[─━═]{8,}\s*$/;

/** Rows considered: the bottom of the screen, from below the last rule. */
const WINDOW = 40;
/** The bottom rows that hold a menu and its hints. */
const MENU_ROWS = 12;

/** Is the bottom of this screen two frames at once, or a row with garbage before its number? */
export function isTornFrame(lines: readonly string[]): boolean {
  let end = lines.length;
  while (end > 0 && (lines[end - 1] ?? '').trim() === '') end--;
  let start = Math.max(0, end - WINDOW);
  for (let i = end - 1; i >= start; i--) {
    if (RULE.test(lines[i] ?? '')) {
      start = i + 1;
      break;
    }
  }
  const rows = lines.slice(start, end);
  // Text glued to a marker is looked for only among the menu's rows at the bottom: higher up it may be
  // the agent's own output (`input→ Output`).
  const menuFrom = rows.length - MENU_ROWS;
  const numbers: number[] = [];
  for (const [i, row] of rows.entries()) {
    if (i >= menuFrom && GLUED_MARKER.test(row)) return true;
    const glued = GLUED_NUMBER.exec(row);
    const m = OPTION.exec(row);
    const n = m ? Number(m[1]) : glued ? Number(glued[1]) : null;
    if (n === null) continue;
    // A glued number that continues the list around it is a row of the list drawn over old text.
    if (glued && !m && (numbers.includes(n - 1) || rows.some((r) => Number(OPTION.exec(r)?.[1]) === n + 1))) return true;
    if (m) numbers.push(n);
  }
  // One list counts up 1, 2, 3 …; a prompt may show another numbered list above its options (the
  // phases of a workflow), starting again at 1. A number that repeats or falls back without restarting
  // at 1 is two lists drawn into each other. (A number skipped is a row missing, read as it is.)
  for (let i = 1; i < numbers.length; i++) {
    const n = numbers[i] ?? 0;
    if (n !== 1 && n <= (numbers[i - 1] ?? 0)) return true;
  }
  return false;
}
