/**
 * Gemini CLI 0.61.0 dialogs (captured: test/fixtures/panes/gemini/dialog-*; the rest drawn from its bundle in
 * test/fixtures/catalogue/gemini): a box at the bottom holding a question and `● 1.` numbered choices that is not
 * a tool confirmation. Folder trust, the start-up auth choice, the model's questions (`ask_user`) and plan
 * approval are known; any other such box (policies, the IDE connection, a settings choice) is read as a dialog
 * without an id. A narrow pane wraps the question over rows and cuts long labels with `…`. Never approved by key.
 *
 * Views the user opened (`/privacy`, `/rewind`) are drawn without a box, ending in a hint that says how to leave
 * them (`Press Enter to choose an option and exit.`): read as dialogs no one queues or keys.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import { questionAbove } from '../common/dialog-question.ts';
import type { NumberedRowOption } from '../common/numbered-block.ts';
import { optionEndRow, wrappedRowsAbove } from '../common/numbered-block.ts';
import { userOverlay } from '../common/user-overlay.ts';
import type { DialogScreen, PromptOption } from '../types.ts';
import { isBoxBottom, MAX_WRAPPED, optionBlockEndingAt, unbox } from './screen.ts';

/**
 * Known dialogs, by their question (or, where `titled`, by the heading above it); `user`: a view only the user's own
 * command opens, read as not queued and never keyed.
 */
const KNOWN: readonly { readonly id: string; readonly question: RegExp; readonly titled?: boolean; readonly user?: boolean }[] = [
  { id: 'gemini.trust-folder', question: /^Do you trust the files in this folder\?$/ },
  { id: 'gemini.auth', question: /^How would you like to authenticate for this project\?$/ },
  // The model's `ask_user` tool: a titled box, the question under it (captured: dialog-question).
  { id: 'gemini.ask-user', question: /^Answer Questions$/, titled: true },
  // Plan approval (`exit_plan_mode`): the same list under this heading, the plan itself in place of a question.
  { id: 'gemini.plan', question: /^Ready to start implementation\?$/ },
  // After the user's `/auth logout` (LogoutConfirmationDialog): sign in again or exit.
  { id: 'gemini.signed-out', question: /^You are now signed out$/, titled: true, user: true },
];

/** Rows that are hints or notes around a dialog's choices, not its question. */
const NOT_QUESTION = /^\(Use Enter to select\)$|^Invalid auth method selected\.$|^Terms of Services/;
/** A numbered option row (unboxed). */
const OPTION_ROW = /^(●\s+)?\d{1,2}\.\s/;
/** The hint under a view the user opened: how to leave it. */
const LEAVE_HINT = /^Press (?:Enter to choose an option and exit\.|Esc to exit\b)/;

const toOptions = (options: readonly NumberedRowOption[]): PromptOption[] =>
  options.map((o) => ({ key: String(o.number), label: o.label, kind: classifyOptionLabel(o.label) }));

/** The last row of the option whose number row is `at` (its wrapped rows and description under it). */
const optionEnd = (rows: readonly string[], at: number, last: number) =>
  optionEndRow(rows, at, last, MAX_WRAPPED, (r) => OPTION_ROW.test(r));

/** A known dialog whose question (or heading) a narrow pane may have wrapped over rows `rows[from..to)`. */
function knownIn(rows: readonly string[], from: number, to: number): { id: string; question: string | null; user: boolean } | null {
  for (const k of KNOWN) {
    const found = wrappedRowsAbove(rows, to, to - from, 6, (text) => k.question.test(text));
    if (found && found.start >= from) return { id: k.id, question: k.titled ? null : found.text, user: k.user === true };
  }
  return null;
}

/** The dialog box ending the screen, or null. */
export function parseGeminiDialog(lines: readonly string[]): DialogScreen | null {
  let last = lines.length - 1;
  if (!isBoxBottom(lines[last] ?? '')) return parseGeminiUserView(lines);
  last--;
  const rows = lines.map(unbox);
  let top = last;
  while (top >= 0 && top > last - 60 && !/^\s*╭/.test(lines[top] ?? '')) top--;
  if (top < 0) return null;
  // The choices are the last numbered block in the box; hints and notes may follow them.
  for (let at = last; at > top; at--) {
    if (rows[at] === '' || !OPTION_ROW.test(rows[at] ?? '')) continue;
    const block = optionBlockEndingAt(rows, optionEnd(rows, at, last), MAX_WRAPPED);
    if (!block || block.start <= top) return null;
    const inBox = rows.slice(top + 1, block.start).filter((r) => r !== '' && !NOT_QUESTION.test(r));
    const known = knownIn(rows, top + 1, block.start);
    const question = known?.question ?? questionAbove(rows, top + 1, block.start) ?? inBox[0] ?? '';
    if (known?.user) return userOverlay('gemini', known.id, question, toOptions(block.options));
    const marked = block.options.flatMap((o, k) => (o.marked ? [k] : []));
    return {
      kind: 'dialog',
      runtime: 'gemini',
      dialogId: known?.id ?? null,
      question: question.replace(/^\?\s+/, ''),
      options: toOptions(block.options),
      highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
    };
  }
  return null;
}

/**
 * A view the user opened, drawn without a box (`/privacy`'s notice, `/rewind`): the leave hint last, the numbered
 * list within a few rows above it, its title or question above the list. Null when the screen is anything else.
 */
function parseGeminiUserView(lines: readonly string[]): DialogScreen | null {
  const rows = lines.map((l) => l.trim());
  let last = rows.length - 1;
  while (last >= 0 && rows[last] === '') last--;
  // The hint ends the screen; a narrow pane wraps it over a few rows.
  let hint = last;
  while (hint > last - 3 && hint > 0 && !LEAVE_HINT.test(rows.slice(hint, last + 1).join(' '))) hint--;
  if (!LEAVE_HINT.test(rows.slice(hint, last + 1).join(' '))) return null;
  for (let at = hint - 1; at >= 0 && at >= hint - 8 - MAX_WRAPPED; at--) {
    if (!OPTION_ROW.test(rows[at] ?? '')) continue;
    const block = optionBlockEndingAt(rows, optionEnd(rows, at, hint - 1), MAX_WRAPPED);
    if (!block) return null;
    const title = rows.slice(Math.max(0, block.start - 6), block.start).findLast((r) => r !== '') ?? '';
    const question =
      questionAbove(rows, block.start - 1, block.start) ??
      wrappedRowsAbove(rows, block.start, 1, 6, (t) => /^[A-Z]/.test(t))?.text ??
      title;
    const view = /^Rewind\b/.test(question) ? 'gemini.rewind' : 'gemini.privacy';
    return userOverlay('gemini', view, question, toOptions(block.options));
  }
  // A notice with nothing to choose (the privacy notices of the other sign-ins): its first row names it.
  if (!/^Press Esc to exit\.$/.test(rows.slice(hint, last + 1).join(' '))) return null;
  return userOverlay('gemini', 'gemini.notice', rows.slice(Math.max(0, hint - 60), hint).find((r) => r !== '') ?? '');
}
