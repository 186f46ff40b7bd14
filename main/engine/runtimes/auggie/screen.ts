/**
 * Auggie screen helpers. Unverified: built from public docs (docs.augmentcode.com/cli: interactive
 * mode, tool permissions with `ask-user`) which describe no screen layout; no captures of our own.
 */

/** A line without its box border characters, trimmed. Pure border lines become ''. */
export function unbox(line: string): string {
  let t = line.trim();
  if (/^[┌┐└┘╭╮╰╯─━\s]+$/.test(t)) return '';
  if (t.startsWith('│')) t = t.slice(1);
  if (t.endsWith('│')) t = t.slice(0, -1);
  return t.trim();
}
