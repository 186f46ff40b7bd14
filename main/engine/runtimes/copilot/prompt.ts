/**
 * Copilot CLI 1.0.102 confirmations and dialogs (captures in test/fixtures/panes/copilot). Both are a rounded box
 * at the bottom of the pane, the composer hidden: a title row (the tool's description), a rule, what it touches
 * (an inner box with the command or path, or a diff), the question, `❯ 1. Yes` / numbered rows, and the hint
 * `↑/↓ to navigate · enter to select · esc to cancel` last (wrapped over rows in a narrow pane).
 *
 * - `Do you want to run this command?` (Shell), `Do you want to create <path>?`, `Do you want to edit <path>?`,
 *   `Do you want to allow this?` (a path outside the folder): permissions. `1. Yes` runs this one call (verified:
 *   the same command asked again); `Yes, and don't ask again …`, `Yes, and remember this path for this session`,
 *   `… for this session` grant more (never approve). Esc cancels (the call is not run: `Operation aborted by
 *   user`). `No, and tell Copilot what to do differently (Esc to stop)` does not say no by itself: it opens a
 *   box for the message (the deny-with-a-message path), so it is not the deny key; Esc is.
 * - From the bundle (test/fixtures/catalogue/copilot): the other tool confirmations share that layout and that
 *   option builder (`Yes` is approve-once, `Yes, and … for the rest of the running session` a session grant,
 *   `No, and tell Copilot …` the message row): sandbox bypass, MCP tools, memory, MCP sampling requests.
 * - `Confirm folder trust` / `Do you trust the files in this folder?`: a dialog although its first row is a plain
 *   `1. Yes` (trusting the folder for this session: a trust, read as `always`), never answered by approve.
 * - `Plan Ready for Review` (plan mode's exit: every accept row names an execution mode) is a dialog.
 * - Start-up and notice dialogs (`Switch to auto mode?`, screen reader, key binding, proxy certificate, Copilot
 *   Free, `/limits predict`) are dialogs; the ones only the user's own command opens (a new session when switching
 *   account, enabling a model in `/model`, upload consent, sign-in) are `openedByUser`.
 * - The question is the paragraph above the options; a dialog whose body asks nothing reads its title (`Start a
 *   new session?`, `Generate image`: a confirmation known by its title).
 * - Any other box of this shape: a dialog without an id.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { DialogScreen, OptionKind, PermissionPrompt, PromptOption } from '../types.ts';
import type { CopilotOption } from './screen.ts';
import { bottomBox, optionBlockEndingAt } from './screen.ts';

/**
 * The key hints under the list (a list drawn with `hideHints` shows its box's footer: the same words without `to`;
 * some views add theirs: `pgup review disclosure`, `ctrl+e to show full plan`).
 */
const HINT = /^↑\/↓ (?:to )?navigate(?: · [^·]+)*? · enter (?:to )?select(?: · [^·]+)*? · esc (?:to )?cancel$/;

interface KnownQuestion {
  readonly question: RegExp;
  readonly tool: string;
  /** A confirmation that asks nothing under its title (`Generate image`): known by the title. */
  readonly title?: RegExp;
}

const PERMISSIONS: readonly KnownQuestion[] = [
  { question: /^Do you want to run this command\?$/, tool: 'Shell' },
  { question: /^Do you want to run this command outside the sandbox\?$/, tool: 'Shell' },
  { question: /^Do you want to re-run this command with the sandbox recording instead of blocking\b.*\?$/, tool: 'Shell' },
  { question: /^Do you want to create (.+)\?$/, tool: 'Create' },
  { question: /^Do you want to edit (.+)\?$/, tool: 'Edit' },
  { question: /^Do you want to allow this\?$/, tool: 'Access' },
  { question: /^Do you want to use this tool\?$/, tool: 'MCP' },
  { question: /^Allow Copilot to (?:store|curate) this memory(?: for the current user)?\?$/, tool: 'Memory' },
  { question: /^Do you want to approve this request\?$/, tool: 'MCP sampling' },
  { question: /^$/, title: /^(?:Generate image|Run extension tool ".+")$/, tool: 'Extension tool' },
];

interface KnownDialog {
  readonly id: string;
  readonly question: RegExp;
  /** Only the user's own command opens it: the user is at the pane. */
  readonly openedByUser?: boolean;
  /** What its yes does beyond this one answer (folder trust). */
  readonly yes?: OptionKind;
}

const DIALOGS: readonly KnownDialog[] = [
  { id: 'copilot.trust-folder', question: /^Do you trust the files in this folder\?$/, yes: 'always' },
  // Its plain `Yes` switches the session to auto mode: a mode, never one answer.
  { id: 'copilot.switch-auto-mode', question: /\bWould you like to switch to auto mode to continue\?$/, yes: 'always' },
  { id: 'copilot.screen-reader', question: /^Do you want to remember screen reader mode for future sessions\?$/ },
  { id: 'copilot.terminal-keybinding', question: /^Would you like to add this key binding to your terminal configuration\?$/ },
  { id: 'copilot.proxy-certificate', question: /^(?:Install|Update) the proxy certificate authority\?$/ },
  { id: 'copilot.limits-predict', question: /^Open \/limits predict now\?$/ },
  { id: 'copilot.free-signup', question: /\bWould you like to sign up for Copilot Free to get started\?$/ },
  { id: 'copilot.sampling-response', question: /^Do you want to approve this response\?$/ },
  // Plan mode's exit: accept the plan in an execution mode, leave without running it, or suggest changes.
  { id: 'copilot.plan-review', question: /^Plan Ready for Review\b/ },
  { id: 'copilot.new-session', question: /^Start a new session\?$/, openedByUser: true },
  { id: 'copilot.enable-model', question: /^Enable .+\?$/, openedByUser: true },
  { id: 'copilot.upload-consent', question: /^Do you consent to upload this session\?$/, openedByUser: true },
  { id: 'copilot.plain-text-token', question: /^Store token in plain text config file\?$/, openedByUser: true },
];

/** Selecting it opens a message box for Copilot: not a plain no (Esc is), and never a yes. */
const TELL_COPILOT = /^No, and tell Copilot (?:what to do differently|why)\b/;

function kindOf(label: string): OptionKind {
  return TELL_COPILOT.test(label) ? 'other' : classifyOptionLabel(label);
}

const toOption = (o: CopilotOption): PromptOption => ({ key: String(o.number), label: o.label, kind: kindOf(o.label) });

/** A row's text between the outer box's sides, padding kept (`│ Do you trust the │` → `Do you trust the`). */
const between = (line: string) => line.trim().replace(/^│ ?/, '').replace(/ ?│$/, '');

/**
 * Lines `from`..`to` of the box joined as one text, as Ink wrapped it: a row filled to the side and the next row
 * not opening with the space Ink carries over (`│ Do you trust the │`, `│  files in this │`) broke a word too long
 * for the row, and joins without a space; so does a path broken after a `/`.
 */
function joinLines(lines: readonly string[], from: number, to: number): string {
  let text = '';
  let full = false;
  for (let i = from; i <= to; i++) {
    const raw = between(lines[i] ?? '');
    const part = raw.trim();
    if (part === '') continue;
    const glued = text === '' || text.endsWith('/') || (full && !raw.startsWith(' '));
    text = glued ? text + part : `${text} ${part}`;
    full = raw !== '' && !raw.endsWith(' ');
  }
  return text;
}

/** Index of the first row of the paragraph ending at `last` (rows up to the blank row above, not above `top`). */
function paragraphTop(rows: readonly string[], last: number, top: number): number {
  let first = last;
  while (first - 1 > top && rows[first - 1] !== '') first--;
  return first;
}

/** The title: the rows under the top edge up to the rule under it (a narrow pane wraps it). Null when cut off. */
function titleOf(rows: readonly string[], top: number, lines: readonly string[]): string | null {
  let ruleAt = top + 1;
  while (ruleAt <= top + 6 && !/^│ ─+ │$/.test((lines[ruleAt] ?? '').trim())) ruleAt++;
  if (ruleAt > top + 6) return null;
  return joinLines(lines, top + 1, ruleAt - 1);
}

/** The permission or dialog box ending the screen, or null. */
export function parseCopilotBox(lines: readonly string[]): PermissionPrompt | DialogScreen | null {
  const box = bottomBox(lines);
  if (!box) return null;
  const { rows, top } = box;
  let end = box.last;
  while (end > top && rows[end] === '') end--;
  // The hint may wrap over rows: the paragraph ending the box, read as one line.
  const hintTop = paragraphTop(rows, end, top);
  const hinted = HINT.test(joinLines(lines, hintTop, end));
  if (hinted) {
    end = hintTop - 1;
    while (end > top && rows[end] === '') end--;
  }
  const block = optionBlockEndingAt(rows, end);
  if (!block || block.start <= top) return null;
  let questionAt = block.start - 1;
  while (questionAt > top && rows[questionAt] === '') questionAt--;
  // A narrow pane wraps the question: its rows up to the blank row above.
  const questionTop = paragraphTop(rows, questionAt, top);
  const paragraph = joinLines(lines, questionTop, questionAt);
  // The title is read only where the paragraph does not ask or no question names the box.
  let titleRead: string | null | undefined;
  const title = () => (titleRead === undefined ? (titleRead = box.cut ? null : titleOf(rows, top, lines)) : titleRead);
  const question = paragraph.endsWith('?') ? paragraph : title() || paragraph;
  const options = block.options.map(toOption);
  const marked = block.options.flatMap((o, k) => (o.marked ? [k] : []));
  const highlighted = marked.length === 1 ? (marked[0] ?? null) : null;
  const dialog = DIALOGS.find((d) => d.question.test(question));
  const known = dialog
    ? undefined
    : PERMISSIONS.find((p) => p.question.test(question) || (p.title !== undefined && p.title.test(title() ?? '')));
  if (!known) {
    const yes = dialog?.yes;
    const read = yes ? options.map((o) => (o.kind === 'once' ? { ...o, kind: yes } : o)) : options;
    const screen: DialogScreen = { kind: 'dialog', runtime: 'copilot', dialogId: dialog?.id ?? null, question, options: read, highlighted };
    return dialog?.openedByUser ? { ...screen, openedByUser: true } : screen;
  }
  const inside = rows.slice(top + 1, questionTop).filter((r) => r !== '');
  const path = known.question.exec(question)?.[1];
  // The command or path sits in an inner box (`│ echo ran >> ran.txt │` once the outer sides are off).
  const inner = inside.filter((r) => r.startsWith('│')).map((r) => r.replace(/^│\s?/, '').replace(/\s?│$/, '').trim());
  // Known by its title, it asks nothing: what it would do is the paragraph above the options.
  const body = question === paragraph ? (inside[0] ?? '') : paragraph;
  const subject = path ?? (inner.length > 0 ? inner.join('\n') : body);
  return {
    kind: 'permission',
    runtime: 'copilot',
    tool: known.tool,
    question,
    subject,
    options,
    highlighted,
    confidence: hinted && !box.cut && highlighted !== null && options.length >= 2 && subject !== '' ? 'high' : 'low',
    // Verified: Esc cancels the call (`Operation aborted by user`) and the pane is back at its input.
    escapeDenies: true,
    approveByEnterOnHighlight: false,
  };
}
