/**
 * Gemini CLI 0.61.0 dialogs (verified: test/fixtures/panes/gemini/dialog-trust*): a box at the bottom holding a
 * question and `● 1.` numbered choices that is not a tool confirmation. "Do you trust the files in this
 * folder?" (first run, folder trust on), the start-up auth choice and the model's questions (`ask_user`)
 * are known; any other such box (a
 * question from the model, a settings choice) is read as a dialog without an id. Never approved by key.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { DialogScreen } from '../types.ts';
import { isBoxBottom, optionBlockEndingAt, unbox } from './screen.ts';

const KNOWN: readonly { readonly id: string; readonly question: RegExp }[] = [
  { id: 'gemini.trust-folder', question: /^Do you trust the files in this folder\?$/ },
  { id: 'gemini.auth', question: /^How would you like to authenticate for this project\?$/ },
  // The model's `ask_user` tool: a titled box, the question under it (captured: dialog-question).
  { id: 'gemini.ask-user', question: /^Answer Questions$/ },
];

/** Rows that are hints or notes around a dialog's choices, not its question. */
const NOT_QUESTION = /^\(Use Enter to select\)$|^Invalid auth method selected\.$|^Terms of Services/;

/** The dialog box ending the screen, or null. */
export function parseGeminiDialog(lines: readonly string[]): DialogScreen | null {
  let last = lines.length - 1;
  if (!isBoxBottom(lines[last] ?? '')) return null;
  last--;
  const rows = lines.map(unbox);
  let top = last;
  while (top >= 0 && top > last - 40 && !/^\s*╭/.test(lines[top] ?? '')) top--;
  if (top < 0) return null;
  // The choices are the last numbered block in the box; hints and notes may follow them.
  for (let end = last; end > top; end--) {
    if (rows[end] === '' || !/^(●\s+)?\d{1,2}\.\s/.test(rows[end] ?? '')) continue;
    const block = optionBlockEndingAt(rows, end);
    if (!block || block.start <= top) return null;
    const inBox = rows.slice(top + 1, block.start).filter((r) => r !== '' && !NOT_QUESTION.test(r));
    const known = KNOWN.find((k) => inBox.some((r) => k.question.test(r)));
    const question = inBox.find((r) => r.endsWith('?')) ?? inBox[0] ?? '';
    const marked = block.options.flatMap((o, k) => (o.marked ? [k] : []));
    return {
      kind: 'dialog',
      runtime: 'gemini',
      dialogId: known?.id ?? null,
      question: question.replace(/^\?\s+/, ''),
      options: block.options.map((o) => ({ key: String(o.number), label: o.label, kind: classifyOptionLabel(o.label) })),
      highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
    };
  }
  return null;
}
