/**
 * Claude dialogs that are forms rather than option lists: a title question under a top edge, setting
 * rows (`❯ Also scan shell history     false`) and a key-hint footer `←/→ to change · Enter to continue ·
 * Esc to cancel` (2.1.289's auto-mode setup). Enter would act on the whole form, so such a screen is a
 * dialog with no options: the queue shows its question and offers Jump, never a key.
 */
import type { DialogScreen } from '../types.ts';
import { isBlank, isRule } from './screen-lines.ts';

// How far above the footer the form's top edge may be.
const FORM_HEIGHT = 30;
/** The footer: Claude's "<key> to <verb>" hints, one of them Enter and one Esc. */
const FORM_FOOTER = /^(?=.*\benter to \w+)(?=.*\besc to \w+)\s*\S.*·.*$/i;
/** The top edge: a `────` rule, or the `▔▔▔` edge the auto-mode setup is drawn under. */
const isEdge = (line: string | undefined): boolean => isRule(line) || (line !== undefined && /^\s*▔{8,}\s*$/.test(line));

/** Forms known by their title. */
const KNOWN_FORMS: readonly { readonly id: string; readonly title: RegExp }[] = [
  { id: 'claude.auto-mode-setup', title: /^Teach auto mode about your environment\?$/ },
];

/** The form ending the screen (its footer is the last line), or null. */
export function recogniseForm(lines: readonly string[]): DialogScreen | null {
  const footerAt = lines.length - 1;
  if (!FORM_FOOTER.test(lines[footerAt] ?? '')) return null;
  for (let i = footerAt - 1; i >= 0 && i >= footerAt - FORM_HEIGHT; i--) {
    if (!isEdge(lines[i])) continue;
    const title =
      lines
        .slice(i + 1, footerAt)
        .find((l) => !isBlank(l))
        ?.trim() ?? '';
    if (!title.endsWith('?')) return null;
    const dialogId = KNOWN_FORMS.find((f) => f.title.test(title))?.id ?? null;
    return { kind: 'dialog', runtime: 'claude', dialogId, question: title, options: [], highlighted: null };
  }
  return null;
}
