/**
 * Qwen Code 0.24.4 dialogs (captured: test/fixtures/panes/qwen/dialog-*; the rest drawn from its bundle in
 * test/fixtures/catalogue/qwen). A narrow pane wraps their questions over rows and cuts long labels with `…`.
 * - A box at the bottom (its left side only) holding a question and `› 1.` numbered choices: folder trust is known,
 *   `/trust` (`> Modify Trust Level`) is a view the user opened; any other such box (the IDE connection, extension
 *   consent) is a dialog without an id.
 * - Inline like a tool confirmation: the model's questions (`ask_user_question`, its submit tab) and plan approval
 *   (`Would you like to proceed?` with mode choices, no single-use yes).
 * Never approved by key.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import { questionAbove } from '../common/dialog-question.ts';
import type { NumberedRowOption } from '../common/numbered-block.ts';
import { optionEndRow, wrappedRowsAbove } from '../common/numbered-block.ts';
import { userOverlay } from '../common/user-overlay.ts';
import type { DialogScreen, PromptOption } from '../types.ts';
import { aboveWaitingLine, asksOneOf, isOptionRow, MAX_WRAPPED, optionBlockEndingAt, unbox } from './screen.ts';

/** Known boxes by their question; `user`: a view only the user's own command opens (never queued, never keyed). */
const KNOWN: readonly { readonly id: string; readonly question: RegExp; readonly user?: boolean }[] = [
  { id: 'qwen.trust-folder', question: /^Do you trust this folder\?$/ },
  { id: 'qwen.trust-modify', question: /^> Modify Trust Level$/, user: true },
];

/** The question view's key hint (the submit tab adds `←/→: Switch tabs`). */
const QUESTION_HINT = /^↑\/↓: Navigate \|(?: ←\/→: Switch tabs \|)? Enter: Select/;
/** Plan approval's question (exit_plan_mode's `title`), drawn on one row, cut with `…` in a narrow pane. */
const PLAN_QUESTION = /^Would you like to proceed\?$/;
const PLAN_STARTS = ['Would you like to proceed?'];

/**
 * `? AskUserQuestion …`; a narrow pane cuts the name over two rows and may lose a letter under the `←` column
 * (`? AskUserQuest ←` / `on Ask user 1`, captured at 20 columns: test/fixtures/panes/qwen/dialog-question-20.txt).
 */
const isAskHeader = (row: string) => /^\?\s+AskUser/.test(row);

const toOptions = (options: readonly NumberedRowOption[]): PromptOption[] =>
  options.map((o) => ({ key: String(o.number), label: o.label, kind: classifyOptionLabel(o.label) }));

const highlightOf = (options: readonly NumberedRowOption[]): number | null => {
  const marked = options.flatMap((o, k) => (o.marked ? [k] : []));
  return marked.length === 1 ? (marked[0] ?? null) : null;
};

/** The rows of an inline view without box sides, and the last one above the waiting line and blank rows. */
function inlineEnd(lines: readonly string[]): { rows: string[]; last: number } {
  const above = aboveWaitingLine(lines);
  let last = above;
  const rows = lines.map(unbox);
  while (last >= 0 && rows[last] === '' && last >= above - 3) last--;
  return { rows, last };
}

/**
 * A question from the model (`ask_user_question`; captured: dialog-question): `? AskUserQuestion …`, a header, the
 * question, `❯ 1.` choices with a description row each, `Type something...`, the key hint, the waiting line. Its
 * submit tab: the answers, `Ready to submit your answers?`, `Submit answers` / `Cancel`.
 */
export function parseQwenQuestion(lines: readonly string[]): DialogScreen | null {
  const { rows, last } = inlineEnd(lines);
  // The hint is the last paragraph; a narrow pane wraps it.
  let hint = last;
  while (hint > 0 && rows[hint - 1] !== '' && last - hint < 8) hint--;
  if (!QUESTION_HINT.test(rows.slice(hint, last + 1).join(' '))) return null;
  let end = hint - 1;
  while (end >= 0 && rows[end] === '' && end > hint - 4) end--;
  const block = optionBlockEndingAt(rows, end, MAX_WRAPPED);
  if (!block) return null;
  const from = Math.max(0, block.start - 24);
  if (!rows.slice(from, block.start).some(isAskHeader)) return null;
  const above = rows.slice(from, block.start).filter((r) => r !== '');
  return {
    kind: 'dialog',
    runtime: 'qwen',
    dialogId: 'qwen.ask-user',
    question: questionAbove(rows, from, block.start) ?? above.at(-1) ?? '',
    options: toOptions(block.options),
    highlighted: highlightOf(block.options),
  };
}

/** Plan approval, drawn like a tool confirmation: its choices switch modes, so it is a dialog, never keyed. */
export function parseQwenPlan(lines: readonly string[]): DialogScreen | null {
  const { rows, last } = inlineEnd(lines);
  const block = optionBlockEndingAt(rows, last);
  if (!block) return null;
  const asked = wrappedRowsAbove(rows, block.start, 3, 10, (text) => asksOneOf(text, [PLAN_QUESTION], PLAN_STARTS));
  if (!asked) return null;
  return {
    kind: 'dialog',
    runtime: 'qwen',
    dialogId: 'qwen.plan',
    question: asked.text,
    options: toOptions(block.options),
    highlighted: highlightOf(block.options),
  };
}

/** A known box whose question a narrow pane may have wrapped over rows `rows[from..to)`. */
function knownIn(rows: readonly string[], from: number, to: number): { id: string; question: string; user: boolean } | null {
  for (const k of KNOWN) {
    const found = wrappedRowsAbove(rows, to, to - from, 6, (text) => k.question.test(text));
    if (found && found.start >= from) return { id: k.id, question: found.text, user: k.user === true };
  }
  return null;
}

/** The dialog box ending the screen (its bottom edge the last line), or null. */
export function parseQwenDialog(lines: readonly string[]): DialogScreen | null {
  const last = lines.length - 1;
  if (!/^\s*╰─+╯?\s*$/.test(lines[last] ?? '')) return null;
  const rows = lines.map(unbox);
  let top = last - 1;
  while (top >= 0 && top > last - 60 && !/^\s*╭/.test(lines[top] ?? '')) top--;
  if (top < 0) return null;
  for (let at = last - 1; at > top; at--) {
    if (!isOptionRow(rows[at] ?? '')) continue;
    const block = optionBlockEndingAt(rows, optionEndRow(rows, at, last - 1, MAX_WRAPPED, isOptionRow), MAX_WRAPPED);
    if (!block || block.start <= top) return null;
    const inBox = rows.slice(top + 1, block.start).filter((r) => r !== '');
    const known = knownIn(rows, top + 1, block.start);
    const question = known?.question ?? questionAbove(rows, top + 1, block.start) ?? inBox[0] ?? '';
    if (known?.user) return userOverlay('qwen', known.id, question, toOptions(block.options));
    return {
      kind: 'dialog',
      runtime: 'qwen',
      dialogId: known?.id ?? null,
      question,
      options: toOptions(block.options),
      highlighted: highlightOf(block.options),
    };
  }
  return null;
}
