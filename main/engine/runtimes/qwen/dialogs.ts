/**
 * Qwen Code 0.24.4 dialogs (verified: test/fixtures/panes/qwen/dialog-trust): a box at the bottom (its left side
 * only) holding a question and `› 1.` numbered choices that is not a tool confirmation. "Do you trust this
 * folder?" (first run, folder trust on) is known; any other such box is a dialog without an id. Never approved
 * by key.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { DialogScreen } from '../types.ts';
import { isOptionRow, optionBlockEndingAt, unbox } from './screen.ts';

const KNOWN: readonly { readonly id: string; readonly question: RegExp }[] = [
  { id: 'qwen.trust-folder', question: /^Do you trust this folder\?$/ },
];

const WAITING = /^\s*\S?\s*Waiting for user confirmation\.\.\.$/;
const QUESTION_HINT = /^↑\/↓: Navigate \| Enter: Select/;

/**
 * A question from the model (`ask_user_question`; captured: dialog-question): `? AskUserQuestion …`, a header,
 * the question, `❯ 1.` choices with a description row each, `Type something...`, the key hint, the waiting line.
 */
export function parseQwenQuestion(lines: readonly string[]): DialogScreen | null {
  let last = lines.length - 1;
  if (WAITING.test(lines[last] ?? '')) last--;
  const rows = lines.map(unbox);
  while (last >= 0 && rows[last] === '' && last >= lines.length - 4) last--;
  if (!QUESTION_HINT.test(rows[last] ?? '')) return null;
  let end = last - 1;
  while (end >= 0 && rows[end] === '' && end > last - 4) end--;
  const block = optionBlockEndingAt(rows, end);
  if (!block) return null;
  const above = rows.slice(Math.max(0, block.start - 6), block.start).filter((r) => r !== '');
  if (!above.some((r) => /^\?\s+AskUserQuestion\b/.test(r))) return null;
  const marked = block.options.flatMap((o, k) => (o.marked ? [k] : []));
  return {
    kind: 'dialog',
    runtime: 'qwen',
    dialogId: 'qwen.ask-user',
    question: above.findLast((r) => r.endsWith('?')) ?? above.at(-1) ?? '',
    options: block.options.map((o) => ({ key: String(o.number), label: o.label, kind: classifyOptionLabel(o.label) })),
    highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
  };
}

/** The dialog box ending the screen (its bottom edge the last line), or null. */
export function parseQwenDialog(lines: readonly string[]): DialogScreen | null {
  const last = lines.length - 1;
  if (!/^\s*╰─+╯?\s*$/.test(lines[last] ?? '')) return null;
  const rows = lines.map(unbox);
  let top = last - 1;
  while (top >= 0 && top > last - 40 && !/^\s*╭/.test(lines[top] ?? '')) top--;
  if (top < 0) return null;
  for (let end = last - 1; end > top; end--) {
    if (!isOptionRow(rows[end] ?? '')) continue;
    const block = optionBlockEndingAt(rows, end);
    if (!block || block.start <= top) return null;
    const inBox = rows.slice(top + 1, block.start).filter((r) => r !== '');
    const known = KNOWN.find((k) => inBox.some((r) => k.question.test(r)));
    const marked = block.options.flatMap((o, k) => (o.marked ? [k] : []));
    return {
      kind: 'dialog',
      runtime: 'qwen',
      dialogId: known?.id ?? null,
      question: inBox.find((r) => r.endsWith('?')) ?? inBox[0] ?? '',
      options: block.options.map((o) => ({ key: String(o.number), label: o.label, kind: classifyOptionLabel(o.label) })),
      highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
    };
  }
  return null;
}
