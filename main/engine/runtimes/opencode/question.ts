/**
 * opencode 1.18.33's question view (its `question` tool; test/fixtures/panes/opencode/question-*): in the `┃` box at
 * the bottom, the question, the numbered answers (`1. Red`, the description indented under it, `N. Type your own
 * answer` last) and the hints `↑↓ select  enter submit  esc dismiss`, which a pane about 40 columns wide lays out in
 * columns over two rows (`↑↓       enter       esc` / `select   submit      dismiss`). The agent waits on the user's
 * answer: a dialog, never a key.
 */
import type { DialogScreen, PromptOption } from '../types.ts';
import { boxAtBottom } from './screen.ts';

/** The hint words, in any order (a narrow pane puts each key over its word). */
const HINT_WORDS = ['↑↓', 'select', 'enter', 'submit', 'esc', 'dismiss'].sort().join(' ');
const ANSWER = /^ *(\d{1,2})\. (\S.*)$/;

/** Are these rows the view's hints (one row, or two laid out in columns)? */
function isHintRows(rows: readonly string[]): boolean {
  const words = rows.flatMap((r) => r.trim().split(/\s+/)).sort();
  return (rows[0] ?? '').trim().startsWith('↑↓') && words.join(' ') === HINT_WORDS;
}

/** The question view ending the screen, or null. */
export function parseQuestionBox(lines: readonly string[]): DialogScreen | null {
  const box = boxAtBottom(lines);
  if (!box) return null;
  const rows = box.inner;
  let end = rows.length - 1;
  while (end >= 0 && (rows[end] ?? '').trim() === '') end--;
  if (end < 0 || !(rows[end] ?? '').includes('dismiss')) return null;
  const hintRows = isHintRows(rows.slice(end, end + 1)) ? 1 : isHintRows(rows.slice(end - 1, end + 1)) ? 2 : 0;
  if (hintRows === 0) return null;
  let i = end - hintRows;
  while (i >= 0 && (rows[i] ?? '').trim() === '') i--;
  // Upward: each answer's description rows (under its label, where a narrow pane would also wrap the label: the
  // tool asks for labels of one to five words), then its numbered row.
  const answers: { number: number; label: string }[] = [];
  for (; i >= 0; i--) {
    const row = rows[i] ?? '';
    if (row.trim() === '') break;
    const m = ANSWER.exec(row);
    if (!m) continue;
    answers.unshift({ number: Number(m[1]), label: (m[2] ?? '').trim() });
    if (m[1] === '1') break;
  }
  if (answers[0]?.number !== 1 || !answers.every((a, k) => a.number === k + 1)) return null;
  const options: PromptOption[] = answers.map((a) => ({ key: null, label: a.label, kind: 'other' }));
  let top = i - 1;
  while (top >= 0 && (rows[top] ?? '').trim() === '') top--;
  const questionRows: string[] = [];
  for (; top >= 0 && (rows[top] ?? '').trim() !== ''; top--) questionRows.unshift((rows[top] ?? '').trim());
  if (questionRows.length === 0) return null;
  return {
    kind: 'dialog',
    runtime: 'opencode',
    dialogId: 'opencode.question',
    question: questionRows.join(' '),
    options,
    highlighted: null,
  };
}
