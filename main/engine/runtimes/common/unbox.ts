/** Rows drawn inside a rounded box (Gemini CLI, Qwen Code). */

/**
 * A row with a box side taken off each end, trimmed (a side may be missing: Qwen Code's dialogs draw
 * `│` on the left only). Pure border rows (`╭───╮`, `╰───╯`) become ''.
 */
export function unbox(row: string): string {
  let t = row.trim();
  if (/^[╭╮╰╯─\s]+$/.test(t)) return '';
  if (t.startsWith('│')) t = t.slice(1);
  if (t.endsWith('│')) t = t.slice(0, -1);
  return t.trim();
}
