/**
 * Auggie screen helpers. Unverified: built from public docs (docs.augmentcode.com/cli: interactive
 * mode, tool permissions with `ask-user`) which describe no screen layout; no captures of our own.
 */

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
