/** Auggie 0.36.0 screen helpers: visible lines, box borders, rules. Auggie draws inline (no alternate screen). */

/** Right-trimmed lines without the blank tail (native trim: regex trims are quadratic on long blanks). */
export function visibleLines(lines: readonly string[]): string[] {
  const out = lines.map((line) => line.trimEnd());
  let end = out.length;
  while (end > 0 && out[end - 1] === '') end--;
  return out.slice(0, end);
}

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
