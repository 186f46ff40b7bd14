/** Auggie 0.36.0 screen helpers: box borders and rules. Auggie draws inline (no alternate screen). */

/** A line without its box border characters, trimmed. Pure border lines become ''. */
export function unbox(line: string): string {
  let t = line.trim();
  if (/^[┌┐└┘╭╮╰╯─━\s]+$/.test(t)) return '';
  if (t.startsWith('│')) t = t.slice(1);
  if (t.endsWith('│')) t = t.slice(0, -1);
  return t.trim();
}

/** A full-width horizontal rule (`────…`): the composer's top and bottom edges. */
export function isRule(line: string): boolean {
  const t = line.trim();
  return t.length >= 20 && /^─+$/.test(t);
}
