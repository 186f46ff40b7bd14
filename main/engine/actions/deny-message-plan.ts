/**
 * Deny with a message: which path the prompt on screen offers for a note to the agent, per runtime.
 * Pure. The message itself never decides a key here: it is typed later, as text, into a field the
 * screen shows focused (`deny-with-message.ts`), so no digit, `y` or Enter in it can choose an option.
 */
import { denyKeyFor } from '../runtimes/common/keys.ts';
import type { PermissionPrompt, RuntimeId } from '../runtimes/types.ts';

/** How the message reaches the agent, or why it cannot. */
export type DenyMessagePlan =
  /**
   * The deny row as a text field. Claude Code: move the marker onto "No" (`moves`), press `openKey` (Tab)
   * there: the row becomes the field `No, and tell Claude what to do differently`. Copilot CLI: `openKey`
   * null: the marker on `No, and tell Copilot what to do differently` is the field (typing replaces the
   * label). The message goes into the field; Enter denies with it.
   */
  | { readonly kind: 'field'; readonly denyIndex: number; readonly moves: readonly string[]; readonly openKey: string | null }
  /** Deny with `denyKey`; the agent returns to its input prompt, where the message is typed as the next user message. */
  | { readonly kind: 'deny-then-input'; readonly denyKey: string }
  | { readonly kind: 'refuse'; readonly reason: string };

/**
 * Runtimes whose input prompt, after a denial, was seen to take the next message as the agent's
 * feedback (captures: claude perm-bash-after-4 "What should Claude do instead?", codex
 * approval-exec-after-deny-3, opencode approval-bash-after-reject/-esc; gemini, qwen and copilot
 * deny-message-*: the cancel leaves an empty, focused composer and the text, then Enter, reached the
 * model as the next user message). Gemini's and Qwen's "No, suggest changes" has no field: the
 * suggestion is that next prompt. Elsewhere what a denial leaves on screen was never verified to read
 * text, so nothing is typed there.
 */
const INPUT_AFTER_DENY: ReadonlySet<RuntimeId> = new Set(['claude', 'codex', 'opencode', 'gemini', 'qwen', 'copilot']);

/** The path for `message` on `prompt`, decided from the parsed screen alone. */
export function planDenyWithMessage(prompt: PermissionPrompt, message: string): DenyMessagePlan {
  const field = prompt.runtime === 'copilot' ? copilotFieldPlan(prompt, message) : fieldPlan(prompt, message);
  if (field) return field;
  if (!INPUT_AFTER_DENY.has(prompt.runtime)) {
    return { kind: 'refuse', reason: `${prompt.runtime}'s screen offers no verified way to carry a message with a denial` };
  }
  const denyKey = denyKeyFor(prompt);
  if (!denyKey) return { kind: 'refuse', reason: 'no way to say no was identified on this prompt' };
  return { kind: 'deny-then-input', denyKey };
}

/**
 * Claude's amend field, when the prompt offers it (`Tab to amend`), was read with confidence, shows the
 * marker, and has one plain "No" option with a key. A message with a line break stays out of the
 * one-line field (a newline there was never seen to stay text); it goes to the input prompt instead.
 */
function fieldPlan(prompt: PermissionPrompt, message: string): DenyMessagePlan | null {
  if (prompt.runtime !== 'claude' || !prompt.amendKey || prompt.confidence !== 'high') return null;
  if (/[\n\t]/.test(message)) return null;
  const denies = prompt.options.flatMap((o, i) => (o.kind === 'deny' ? [i] : []));
  const denyIndex = denies.length === 1 ? denies[0] : undefined;
  const from = prompt.highlighted;
  if (denyIndex === undefined || from === null || !isPlainNo(prompt.options[denyIndex]?.label ?? '')) return null;
  return { kind: 'field', denyIndex, moves: movesBetween(from, denyIndex), openKey: prompt.amendKey };
}

/** Up/Down presses that take the marker from `from` to `to` (markers only move: nothing is chosen). */
function movesBetween(from: number, to: number): string[] {
  return Array.from({ length: Math.abs(to - from) }, () => (to > from ? 'Down' : 'Up'));
}

/**
 * The longest message Copilot's one-row field takes here: the row holds `❯ N. <text> (Esc to stop)` inside
 * the box, and a wrapped row was never captured, so a longer message goes to the input prompt instead.
 */
export const COPILOT_FIELD_MAX = 60;

/**
 * Copilot CLI 1.0.102: its `No, and tell Copilot what to do differently (Esc to stop)` row, when the prompt
 * was read with confidence and shows the marker. Down/Up only move the marker (its digit too, but a digit on
 * another prompt layout chooses: never sent); on the row, a paste is text in the row (verified with `1 y 2 …`
 * and `y`: deny-message-field-*), C-u empties it, Enter rejects the call with `User feedback: <text>`.
 */
function copilotFieldPlan(prompt: PermissionPrompt, message: string): DenyMessagePlan | null {
  if (prompt.confidence !== 'high' || /[\n\t]/.test(message) || message.length > COPILOT_FIELD_MAX) return null;
  const rows = prompt.options.flatMap((o, i) => (COPILOT_FIELD_PLACEHOLDER.test(o.label.trim()) ? [i] : []));
  const denyIndex = rows.length === 1 ? rows[0] : undefined;
  const from = prompt.highlighted;
  if (denyIndex === undefined || from === null) return null;
  return { kind: 'field', denyIndex, moves: movesBetween(from, denyIndex), openKey: null };
}

function isPlainNo(label: string): boolean {
  return label.trim().toLowerCase() === 'no';
}

/** The text Claude draws in the deny row while its field is empty. */
const CLAUDE_FIELD_PLACEHOLDER = /^No, and tell Claude what to do differently$/i;

/** What the deny row shows: a closed option, or an open field (marker on it) holding `text`. */
export type DenyField = { readonly open: false } | { readonly open: true; readonly text: string };

/**
 * Whether Claude's deny row at `denyIndex` is an open text field with the marker in it, and its text.
 * Open: the row is highlighted and reads `No, and tell Claude what to do differently` (empty) or
 * `No, <text>` (typed). A plain `No`, or the marker anywhere else, is not a field to type into.
 */
export function claudeDenyField(prompt: PermissionPrompt, denyIndex: number): DenyField {
  const label = prompt.options[denyIndex]?.label.trim() ?? '';
  if (prompt.highlighted !== denyIndex || !/^No,\s/.test(label)) return { open: false };
  if (CLAUDE_FIELD_PLACEHOLDER.test(label)) return { open: true, text: '' };
  return { open: true, text: label.replace(/^No,\s+/, '') };
}

/** True when `now` is the prompt `before` (same tool, question, subject, option keys) with the marker on `index`. */
export function sameAskMarkedAt(before: PermissionPrompt, now: PermissionPrompt, index: number): boolean {
  return sameAsk(before, now) && now.highlighted === index && now.options[index]?.kind === 'deny';
}

/**
 * The same ask, whatever its option labels now say (an open field rewrites the deny row): runtime,
 * tool, question, subject and the option keys in order.
 */
export function sameAsk(a: PermissionPrompt, b: PermissionPrompt): boolean {
  return (
    a.runtime === b.runtime &&
    a.tool === b.tool &&
    a.question === b.question &&
    a.subject === b.subject &&
    a.options.length === b.options.length &&
    a.options.every((o, i) => o.key === b.options[i]?.key)
  );
}

/**
 * The same ask with the marker on its plain "No" (the field not yet open), and the footer offering the
 * amend key for that row: Claude names Tab only for a row it can amend (on option 2 it does not).
 */
export function isMarkedNo(now: PermissionPrompt | null, before: PermissionPrompt, denyIndex: number, openKey: string): boolean {
  return (
    now !== null &&
    sameAskMarkedAt(before, now, denyIndex) &&
    now.options[denyIndex]?.label.trim().toLowerCase() === 'no' &&
    now.amendKey === openKey
  );
}

/** Copilot's message row while empty (marker on it or not). */
const COPILOT_FIELD_PLACEHOLDER = /^No, and tell Copilot what to do differently \(Esc to stop\)$/i;

/**
 * Whether Copilot's message row at `index` is the field with the marker in it, and its text: the row reads
 * the placeholder while empty and `<text> (Esc to stop)` once typed into. Without the marker it is not a
 * field to type into.
 */
export function copilotDenyField(prompt: PermissionPrompt, index: number): DenyField {
  const label = prompt.options[index]?.label.trim() ?? '';
  if (prompt.highlighted !== index || !/\(Esc to stop\)$/i.test(label)) return { open: false };
  if (COPILOT_FIELD_PLACEHOLDER.test(label)) return { open: true, text: '' };
  return { open: true, text: label.replace(/\s*\(Esc to stop\)$/i, '') };
}

/** The deny field on the same ask (Claude's or Copilot's, by runtime), or null when the screen is another one. */
export function fieldOf(now: PermissionPrompt | null, before: PermissionPrompt, denyIndex: number): DenyField | null {
  if (now === null || !sameAsk(before, now)) return null;
  return before.runtime === 'copilot' ? copilotDenyField(now, denyIndex) : claudeDenyField(now, denyIndex);
}

/** Where the marker was, for a refusal's message (a marked No without the amend key says so). */
export function describeMarker(now: PermissionPrompt | null): string {
  if (now === null) return 'the prompt is no longer on screen';
  const marked = now.highlighted === null ? null : now.options[now.highlighted];
  if (!marked) return 'no marker is visible';
  const where = `the marker is on "${marked.key ?? ''}${marked.key ? '. ' : ''}${marked.label}"`;
  return marked.kind === 'deny' && !now.amendKey ? `${where}, but the footer offers no Tab there` : where;
}
