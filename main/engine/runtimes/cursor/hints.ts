/** Key hints in parentheses at the end of an option (`Run (once) (y)`, `Skip (esc or n)`), as Cursor agent 2026.09.26 prints them. */

/** Split `label (hint)` at the last ` (` when the line ends with `)`; no regex (long lines stay linear). */
export function splitHint(text: string): { label: string; hint: string } | null {
  if (!text.endsWith(')')) return null;
  const open = text.lastIndexOf(' (');
  if (open <= 0) return null;
  const hint = text.slice(open + 2, -1).trim();
  if (hint === '' || hint.includes('(')) return null;
  return { label: text.slice(0, open).trim(), hint };
}

const NAMED: Readonly<Record<string, string>> = {
  esc: 'Escape',
  enter: 'Enter',
  tab: 'Tab',
  'shift+tab': 'BTab',
};

/** The tmux key a hint names: a single letter first (`esc or n` → `n`), else a named key, else null. */
export function keyOfHint(hint: string): string | null {
  const parts = hint.toLowerCase().split(/\s+or\s+|\s*\/\s*/);
  const letter = parts.find((p) => /^[a-z]$/.test(p));
  if (letter) return letter;
  for (const p of parts) if (NAMED[p]) return NAMED[p] ?? null;
  return null;
}

/** Does the hint say Escape triggers this option? */
export function hintMentionsEscape(hint: string): boolean {
  return hint
    .toLowerCase()
    .split(/\s+or\s+|\s*\/\s*/)
    .includes('esc');
}
