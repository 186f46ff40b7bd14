/**
 * Copilot CLI 1.0.102 confirmations and dialogs (captures in test/fixtures/panes/copilot). Both are a rounded box
 * at the bottom of the pane, the composer hidden: a title row (the tool's description), a rule, what it touches
 * (an inner box with the command or path, or a diff), the question, `❯ 1. Yes` / numbered rows, and the hint
 * `↑/↓ to navigate · enter to select · esc to cancel` last.
 *
 * - `Do you want to run this command?` (Shell), `Do you want to create <path>?`, `Do you want to edit <path>?`,
 *   `Do you want to allow this?` (a path outside the folder): permissions. `1. Yes` runs this one call (verified:
 *   the same command asked again); `Yes, and don't ask again …`, `Yes, and remember this path for this session`,
 *   `… for this session` grant more (never approve). Esc cancels (the call is not run: `Operation aborted by
 *   user`). `No, and tell Copilot what to do differently (Esc to stop)` does not say no by itself: it opens a
 *   box for the message (the deny-with-a-message path), so it is not the deny key; Esc is.
 * - `Confirm folder trust` / `Do you trust the files in this folder?`: a dialog although its first row is a plain
 *   `1. Yes` (trusting the folder for this session), never answered by approve.
 * - Any other box of this shape: a dialog without an id.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { DialogScreen, OptionKind, PermissionPrompt, PromptOption } from '../types.ts';
import type { CopilotOption } from './screen.ts';
import { bottomBox, optionBlockEndingAt } from './screen.ts';

const HINT = /^↑\/↓ to navigate · enter to select · esc to cancel$/;

interface KnownQuestion {
  readonly question: RegExp;
  readonly tool: string;
}

const PERMISSIONS: readonly KnownQuestion[] = [
  { question: /^Do you want to run this command\?$/, tool: 'Shell' },
  { question: /^Do you want to create (.+)\?$/, tool: 'Create' },
  { question: /^Do you want to edit (.+)\?$/, tool: 'Edit' },
  { question: /^Do you want to allow this\?$/, tool: 'Access' },
];
const DIALOGS: readonly { readonly id: string; readonly question: RegExp }[] = [
  { id: 'copilot.trust-folder', question: /^Do you trust the files in this folder\?$/ },
];

/** Selecting it opens a message box for Copilot: not a plain no (Esc is), and never a yes. */
const TELL_COPILOT = /^No, and tell Copilot what to do differently\b/;

function kindOf(label: string): OptionKind {
  return TELL_COPILOT.test(label) ? 'other' : classifyOptionLabel(label);
}

const toOption = (o: CopilotOption): PromptOption => ({ key: String(o.number), label: o.label, kind: kindOf(o.label) });

/** Rows the key hint wraps over in a narrow pane (four at 20 columns: `↑/↓ to navigate` / `· enter to` / …). */
const HINT_ROWS = 4;

/** The first row of the key hint ending at `end` (wrapped rows joined), or -1 when the rows there are not it. */
function hintTopEndingAt(rows: readonly string[], end: number, top: number): number {
  for (let first = end; first > top && first > end - HINT_ROWS && rows[first] !== ''; first--) {
    if (HINT.test(rows.slice(first, end + 1).join(' '))) return first;
  }
  return -1;
}

/** The permission or dialog box ending the screen, or null. */
export function parseCopilotBox(lines: readonly string[]): PermissionPrompt | DialogScreen | null {
  const box = bottomBox(lines);
  if (!box) return null;
  const { rows, top } = box;
  let end = box.last;
  while (end > top && rows[end] === '') end--;
  const hintTop = hintTopEndingAt(rows, end, top);
  const hinted = hintTop >= 0;
  if (hinted) {
    end = hintTop - 1;
    while (end > top && rows[end] === '') end--;
  }
  const block = optionBlockEndingAt(rows, end);
  if (!block || block.start <= top) return null;
  let questionAt = block.start - 1;
  while (questionAt > top && rows[questionAt] === '') questionAt--;
  // A narrow pane wraps the question (a path breaks after a `/`): its rows up to the blank row above.
  let questionTop = questionAt;
  while (questionTop - 1 > top && rows[questionTop - 1] !== '' && questionAt - questionTop < 2) questionTop--;
  const parts = rows.slice(questionTop, questionAt + 1);
  const question = parts.reduce((text, part) => (text === '' ? part : text.endsWith('/') ? text + part : `${text} ${part}`), '');
  const options = block.options.map(toOption);
  const marked = block.options.flatMap((o, k) => (o.marked ? [k] : []));
  const highlighted = marked.length === 1 ? (marked[0] ?? null) : null;
  const dialog = DIALOGS.find((d) => d.question.test(question));
  const known = dialog ? undefined : PERMISSIONS.find((p) => p.question.test(question));
  if (!known) {
    return { kind: 'dialog', runtime: 'copilot', dialogId: dialog?.id ?? null, question, options, highlighted };
  }
  const inside = rows.slice(top + 1, questionTop).filter((r) => r !== '');
  const path = known.question.exec(question)?.[1];
  // The command or path sits in an inner box (`│ echo ran >> ran.txt │` once the outer sides are off).
  const inner = inside.filter((r) => r.startsWith('│')).map((r) => r.replace(/^│\s?/, '').replace(/\s?│$/, '').trim());
  const subject = path ?? (inner.length > 0 ? inner.join('\n') : (inside[0] ?? ''));
  return {
    kind: 'permission',
    runtime: 'copilot',
    tool: known.tool,
    question,
    subject,
    options,
    highlighted,
    confidence: hinted && highlighted !== null && options.length >= 2 && subject !== '' ? 'high' : 'low',
    // Verified: Esc cancels the call (`Operation aborted by user`) and the pane is back at its input.
    escapeDenies: true,
    approveByEnterOnHighlight: false,
  };
}
