/** opencode dialogs drawn in the same `△` box: the always-allow confirmation and the reject message. */
import { withKinds } from '../common/option-context.ts';
import type { DialogScreen } from '../types.ts';
import { highlightedButton } from './buttons.ts';
import type { PromptBox } from './prompt-box.ts';

/** What Escape does on a known dialog, and whether a watchdog may dismiss it unattended. */
export interface DialogKnowledge {
  readonly escape: 'dismisses' | 'goes-back' | 'confirms-highlighted' | 'untested';
  readonly safeToDismiss: boolean;
}

/**
 * Verified: on "△ Always allow" Confirm is pre-selected (Enter = allow for the rest of the
 * process); Esc goes back to the permission prompt with nothing allowed.
 */
export const OPENCODE_DIALOGS: Readonly<Record<string, DialogKnowledge>> = {
  'opencode.always-allow-confirm': { escape: 'goes-back', safeToDismiss: false },
  'opencode.reject-message': { escape: 'untested', safeToDismiss: false },
};

const IDS: Readonly<Record<string, string>> = {
  'Always allow': 'opencode.always-allow-confirm',
  'Reject permission': 'opencode.reject-message',
};

/** A `△` box that is not a permission prompt, as a dialog (id null when unfamiliar). */
export function parseDialogBox(box: PromptBox, ansiLines?: readonly string[]): DialogScreen {
  const question = box.body.find((l) => l !== '') ?? box.title;
  return {
    kind: 'dialog',
    runtime: 'opencode',
    dialogId: IDS[box.title] ?? null,
    question,
    options: withKinds(box.buttons.map((b) => ({ key: null, label: b.label }))).map((o) =>
      // "Always allow": its Confirm adds the allow patterns until opencode restarts.
      box.title === 'Always allow' && o.label === 'Confirm' ? { ...o, kind: 'always' as const } : o,
    ),
    highlighted: box.row ? highlightedButton(box.row, box.buttons, ansiLines) : null,
  };
}
