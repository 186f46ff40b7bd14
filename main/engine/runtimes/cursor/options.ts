/**
 * Cursor agent option rows and the chrome rows that may follow them, as Cursor agent 2026.09.26
 * draws them (peer captures): `→ Run (once) (y)`, `  Skip (esc or n)`, boxed `→ 2. No, propose
 * changes (p or Esc)`; under the menu a right-aligned `ctrl+r to review changed files`.
 */
import { splitHint } from './hints.ts';

/** One option row: label and key hint as printed, the `→` marker, the number when numbered. */
export interface CursorOptionRow {
  readonly label: string;
  readonly hint: string;
  readonly marked: boolean;
  readonly number: number | null;
}

const MARKERS = ['→ ', '❯ ', '> ', '▶ '];
const NUMBERED = /^(\d{1,2})\. (\S.*)$/;
/** A key hint drawn as a row of its own: `ctrl+r to review changed files`, `shift+tab to …`. */
const KEY_HINT = /^(?:ctrl|shift|alt|cmd|option|esc|tab)(?:\+\S+)? to \S/i;

/** Parse an (unboxed, trimmed) row as an option with a key hint, or null. */
export function cursorOptionRow(text: string): CursorOptionRow | null {
  const marker = MARKERS.find((m) => text.startsWith(m));
  let body = marker ? text.slice(marker.length).trim() : text;
  const numbered = NUMBERED.exec(body);
  if (numbered) body = numbered[2] ?? '';
  const split = splitHint(body);
  return split ? { ...split, marked: marker !== undefined, number: numbered ? Number(numbered[1]) : null } : null;
}

/** A row that is screen furniture, not content: blank, or key hints only (` · ` joined). */
export function isCursorChromeRow(text: string): boolean {
  if (text === '') return true;
  return text.split(' · ').every((part) => KEY_HINT.test(part.trim()));
}

/** A question row: capitalised, ends with `?`, and is not itself an option (`Add … to allowlist? (tab)`). */
export function isCursorQuestion(text: string): boolean {
  return text.endsWith('?') && /^[A-Z]/.test(text) && splitHint(text) === null;
}
