/**
 * opencode 1.18.33 views the user opens over the session (sessions list, model picker, commands, a working-copy
 * delete confirmation, workspace dialogs): drawn centred over the transcript, their first row the title left and
 * `esc` right (test/fixtures/panes/opencode/overlay-sessions-80, overlay-models-80), while the composer stays at the
 * bottom. The user is at the pane: a dialog that is not queued and gets no key.
 */
import { userOverlay } from '../common/user-overlay.ts';
import type { DialogScreen } from '../types.ts';

/** `   Sessions                                   esc`: no box border, three or more spaces before `esc`. */
const HEADER = /^ {2,}(\S(?:.*\S)?) {3,}esc$/;

/** Views whose title names them; any other one is `opencode.overlay`. */
const IDS: Readonly<Record<string, string>> = {
  Sessions: 'opencode.sessions',
  'Select model': 'opencode.model-picker',
  'Delete working copy?': 'opencode.delete-working-copy',
  'File Changes Found': 'opencode.move-changes',
  'Workspace Unavailable': 'opencode.workspace-unavailable',
};

/** The view the user opened over the rows above the composer's bottom edge `edge`, or null. */
export function userOpenedView(lines: readonly string[], edge: number): DialogScreen | null {
  for (let i = edge - 1; i >= 0; i--) {
    const line = lines[i] ?? '';
    // Most rows say no `esc` at all: skip them before any copy.
    if (!line.includes('esc') || line.includes('┃')) continue;
    const title = HEADER.exec(line.trimEnd())?.[1];
    if (title) return userOverlay('opencode', IDS[title] ?? 'opencode.overlay', title);
  }
  return null;
}
