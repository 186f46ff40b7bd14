/** Claude dialogs that are not tool permissions: startup dialogs, AskUserQuestion, plan approval, other menus. */
import { withKinds } from '../common/option-context.ts';
import type { DialogScreen, PromptOption } from '../types.ts';
import type { OptionBlock } from './option-block.ts';
import { isBlank } from './screen-lines.ts';

interface KnownDialog {
  readonly id: string;
  /** Does the dialog's text (rule to bottom) identify it? */
  readonly matches: (text: string, block: OptionBlock) => boolean;
  /** The question to show, when the nearest line ending in `?` is not it. */
  readonly question?: (region: readonly string[]) => string | null;
}

/**
 * "Accessing workspace:" plus the folder on the next non-blank line: says which folder is to be trusted.
 * In a narrow pane the two words may sit on two rows.
 */
function workspaceQuestion(region: readonly string[]): string | null {
  const rows = region.map((l) => l.trim()).filter((l) => l !== '');
  const at = rows.findIndex((l, i) => l === 'Accessing workspace:' || (l === 'Accessing' && rows[i + 1] === 'workspace:'));
  if (at < 0) return null;
  const path = rows[at + (rows[at] === 'Accessing' ? 2 : 1)];
  return path ? `Accessing workspace: ${path}` : null;
}

/** Dialogs the user opens with a command (never queued, never answered by a key). */
const USER_OPENED = new Set(['claude.model-picker']);

/** Checked in order, before the permission recogniser: a known dialog is never a permission prompt. */
const KNOWN: readonly KnownDialog[] = [
  // /model: "Select model" (bold title, from the 2.1.332 bundle) over the model list. The user opened it.
  { id: 'claude.model-picker', matches: (text) => /^\s*Select model\s*$/m.test(text), question: () => 'Select model' },
  {
    // Default is "No, exit" in 2.1.329 (Enter exits the CLI) and "Yes" in 2.1.197.
    id: 'claude.trust-folder',
    matches: (text, block) =>
      /Accessing\s+workspace:/.test(text) || block.options.some((o) => /trust this folder/i.test([o.text, ...o.more].join(' '))),
    question: workspaceQuestion,
  },
  { id: 'claude.api-key', matches: (text) => /Detected a custom API key|Do you want to use this API key\?/.test(text) },
  { id: 'claude.auto-mode-offer', matches: (text) => /Make auto mode your default permission mode\?/.test(text) },
  // "Ready to code?" is the older wording of the same dialog (not captured here; a dialog is the safe reading).
  { id: 'claude.plan-approval', matches: (text) => /Exit plan mode\?|wants to exit plan mode|Ready to code\?/.test(text) },
  {
    id: 'claude.ask-user-question',
    matches: (text, block) => block.footer.some((f) => /to navigate/.test(f)) || /^\s*[☐☒✔]\s+\S/m.test(text),
  },
];

/** The nearest line above the options ending in `?`, else the nearest non-blank line, within the region. */
function nearestQuestion(region: readonly string[], optionsTop: number): string {
  const above = region.slice(0, optionsTop);
  const asked = [...above].reverse().find((l) => l.trim().endsWith('?'));
  if (asked) return asked.trim();
  const any = [...above].reverse().find((l) => !isBlank(l));
  return any ? any.trim() : '';
}

/** The id of a known dialog shown in `region` (the lines from the dialog's top rule to the bottom), or null. */
export function knownDialogId(region: readonly string[], block: OptionBlock): string | null {
  const text = region.join('\n');
  return KNOWN.find((d) => d.matches(text, block))?.id ?? null;
}

/**
 * Build the dialog screen. `region` runs from below the dialog's top rule to the bottom and `optionsTop`
 * indexes into it. Descriptions under an option (AskUserQuestion) are not part of its label.
 */
export function recogniseDialog(region: readonly string[], optionsTop: number, block: OptionBlock, dialogId: string | null): DialogScreen {
  const known = KNOWN.find((d) => d.id === dialogId);
  const question = known?.question?.(region) ?? nearestQuestion(region, optionsTop);
  // AskUserQuestion draws a description under each option, at the label's column: not part of the label.
  // Elsewhere the rows under an option are its label, wrapped in a narrow pane.
  const labelOf = (o: OptionBlock['options'][number]) => (dialogId === 'claude.ask-user-question' ? o.text : [o.text, ...o.more].join(' '));
  const options: PromptOption[] = withKinds(
    block.options.map((o) => ({ key: o.number === null ? null : String(o.number), label: labelOf(o) })),
  );
  const marked = block.options.flatMap((o, i) => (o.highlighted ? [i] : []));
  return {
    kind: 'dialog',
    runtime: 'claude',
    dialogId,
    question,
    options,
    highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
    ...(dialogId !== null && USER_OPENED.has(dialogId) ? { openedByUser: true } : {}),
  };
}
