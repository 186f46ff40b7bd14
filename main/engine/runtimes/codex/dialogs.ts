/** Codex 0.169.0 dialogs: folder trust, login, model-migration notice, startup warnings overlay, hooks review. */
import { classifyOptionLabel } from '../common/classify-option.ts';
import { withKinds } from '../common/option-context.ts';
import type { DialogScreen, PromptOption } from '../types.ts';
import { markedIndex, optionBlockAbove, pressEnterFooterTop } from './options.ts';
import type { OptionBlock } from './options.ts';

/** What Escape does on a known dialog, and whether a watchdog may dismiss it unattended. */
export interface DialogKnowledge {
  readonly escape: 'dismisses' | 'goes-back' | 'confirms-highlighted' | 'untested';
  readonly safeToDismiss: boolean;
}

/** Verified behaviour per dialog (fixture notes). Esc on the model notice ACCEPTS the new model. */
export const CODEX_DIALOGS: Readonly<Record<string, DialogKnowledge>> = {
  'codex.trust': { escape: 'untested', safeToDismiss: false },
  'codex.login': { escape: 'goes-back', safeToDismiss: false },
  'codex.model-migration': { escape: 'confirms-highlighted', safeToDismiss: false },
  'codex.warnings': { escape: 'dismisses', safeToDismiss: true },
  'codex.hooks-review': { escape: 'untested', safeToDismiss: false },
  'codex.question': { escape: 'untested', safeToDismiss: false },
};

function dialog(dialogId: string | null, question: string, options: PromptOption[], highlighted: number | null): DialogScreen {
  return { kind: 'dialog', runtime: 'codex', dialogId, question, options, highlighted };
}

function numbered(block: OptionBlock, keyFor: (n: number) => string | null): PromptOption[] {
  return withKinds(block.options.map((o) => ({ key: keyFor(o.number), label: o.label })));
}

/** The first non-blank line above `index`, trimmed ('' when none). */
function lineAbove(lines: readonly string[], index: number): string {
  for (let i = index - 1; i >= 0; i--) if ((lines[i] ?? '').trim() !== '') return (lines[i] ?? '').trim();
  return '';
}

function warnings(lines: readonly string[]): DialogScreen | null {
  const last = lines[lines.length - 1] ?? '';
  if (!last.includes('esc dismiss & close')) return null;
  const header = lines.find((l) => /^ {2}Warnings · \d+ of \d+/.test(l));
  if (!header) return null;
  const options: PromptOption[] = [];
  for (const hint of last.trim().split(' · ')) {
    const m = /^(k|esc) (.+)$/.exec(hint);
    if (m) options.push({ key: m[1] === 'esc' ? 'Escape' : 'k', label: m[2] ?? '', kind: classifyOptionLabel(m[2] ?? '') });
  }
  return dialog('codex.warnings', header.trim(), options, null);
}

function withFooter(lines: readonly string[], footers: readonly string[]): number {
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 3); i--) {
    if (footers.includes((lines[i] ?? '').trim())) return i;
  }
  return -1;
}

function trust(lines: readonly string[]): DialogScreen | null {
  // `esc back` (0.169.0) or `esc quit` (older releases and a first start, peer capture codex-warden-trust-prompt).
  const at = withFooter(lines, ['enter continue · esc back', 'enter continue · esc quit']);
  if (at < 0) return null;
  const question = lines.find((l) => l.includes('Trust this folder?'));
  const block = optionBlockAbove(lines, at - 1);
  if (!question || !block) return null;
  // Verified: `1` alone did nothing; `2` acted at once. Enter confirms the highlighted option.
  const options = numbered(block, (n) => (n === 2 ? '2' : null));
  return dialog('codex.trust', 'Trust this folder?', options, markedIndex(block.options));
}

function modelMigration(lines: readonly string[]): DialogScreen | null {
  const last = (lines[lines.length - 1] ?? '').trim();
  if (!last.startsWith('enter/esc confirm')) return null;
  const block = optionBlockAbove(lines, lines.length - 2);
  if (!block) return null;
  const title = lines.find((l) => /^ {2}Meet \S/.test(l));
  // Verified: `2` chose "Use existing model" at once; digits select directly in this list.
  return dialog(
    'codex.model-migration',
    (title ?? lineAbove(lines, block.start)).trim(),
    numbered(block, String),
    markedIndex(block.options),
  );
}

function login(lines: readonly string[]): DialogScreen | null {
  const at = withFooter(lines, ['Press enter to continue']);
  if (at < 0 || !lines.some((l) => l.includes('Welcome to Codex'))) return null;
  const block = optionBlockAbove(lines, at - 1);
  if (!block) return null;
  // Verified: `3` opened "Sign in another way" at once; the digits select directly.
  return dialog('codex.login', lineAbove(lines, block.start), numbered(block, String), markedIndex(block.options));
}

/**
 * "Hooks need review" at start-up after a hooks.json changed (verified with 0.169.0 in the live
 * suite: dialog-hooks-review*). A digit only moves the `›` marker; Enter confirms it. Trusting is
 * the user's decision: no option gets a key of its own.
 */
function hooksReview(lines: readonly string[]): DialogScreen | null {
  const at = withFooter(lines, ['enter confirm · esc skip']);
  if (at < 0 || !lines.some((l) => l.trim() === 'Hooks need review')) return null;
  const block = optionBlockAbove(lines, at - 1);
  if (!block) return null;
  return dialog(
    'codex.hooks-review',
    'Hooks need review',
    numbered(block, () => null),
    markedIndex(block.options),
  );
}

/** `Question 1/3 (3 unanswered)`: the header of the plan-mode / request_user_input question view. */
const QUESTION_HEADER = /^\s*Question \d+\/\d+\b/;

/**
 * The question view (plan mode, request_user_input): a `Question i/n` header, the question (absent when
 * the header is all there is), options in any language, and a footer that says `enter to submit answer`.
 * The user answers it: no option gets a key.
 */
function question(lines: readonly string[]): DialogScreen | null {
  const at = findFooter(lines, (l) => l.includes('enter to submit answer') || l.includes('enter to submit all'));
  if (at < 0) return null;
  const block = optionBlockAbove(lines, at - 1);
  if (!block) return null;
  const header = lines.slice(Math.max(0, block.start - 6), block.start).findLastIndex((l) => QUESTION_HEADER.test(l));
  if (header < 0) return null;
  const above = lineAbove(lines, block.start);
  const asked = QUESTION_HEADER.test(above) ? above : above || 'Question';
  return dialog(
    'codex.question',
    asked,
    numbered(block, () => null),
    markedIndex(block.options),
  );
}

/** Index of a footer line among the last three that passes `test`, or -1. */
function findFooter(lines: readonly string[], test: (line: string) => boolean): number {
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 3); i--) if (test((lines[i] ?? '').trim())) return i;
  return -1;
}

/** A generic numbered selection with a "Press enter to …" footer: a dialog nobody has named yet. */
function generic(lines: readonly string[]): DialogScreen | null {
  const top = pressEnterFooterTop(lines);
  if (top < 0) return null;
  const block = optionBlockAbove(lines, top - 1);
  if (!block) return null;
  // A label wrapped in a narrow pane continues on the indented rows under it.
  const options = withKinds(block.options.map((o) => ({ key: null, label: [o.label, ...o.extra].join(' ') })));
  return dialog(null, lineAbove(lines, block.start), options, markedIndex(block.options));
}

/** The dialog at the bottom of the screen, or null. */
export function parseCodexDialog(lines: readonly string[]): DialogScreen | null {
  return (
    warnings(lines) ?? trust(lines) ?? question(lines) ?? modelMigration(lines) ?? login(lines) ?? hooksReview(lines) ?? generic(lines)
  );
}
