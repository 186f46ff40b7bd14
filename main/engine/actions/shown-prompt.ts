/** The fresh look every prompt answer starts from: the pane still shows exactly the prompt the user saw. */
import { fingerprintOf } from '../runtimes/common/fingerprint.ts';
import type { PermissionPrompt } from '../runtimes/types.ts';
import { TmuxError } from '../tmux/types.ts';
import type { ActionItem, ActionResult, PaneAccess } from './types.ts';

/** The prompt on screen, or the answer to give when it is not the one shown (nothing was sent). */
export type ShownPrompt = { readonly ok: true; readonly screen: PermissionPrompt } | { readonly ok: false; readonly result: ActionResult };

/**
 * Capture and parse the pane again and compare the prompt's fingerprint with the one displayed.
 * Gone, another screen, or a changed prompt: `onStale` refreshes the item and nothing may be sent.
 */
export async function lookAtShownPrompt(panes: PaneAccess, item: ActionItem, onStale?: (paneKey: string) => void): Promise<ShownPrompt> {
  let look;
  try {
    look = await panes.look(item.paneKey);
  } catch (error) {
    // The host went away between the reachability check and this look: nothing was sent.
    if (error instanceof TmuxError && error.kind === 'unreachable')
      return { ok: false, result: { outcome: 'refused', message: `${error.message}; nothing was sent` } };
    throw error;
  }
  if (look.kind === 'gone') {
    onStale?.(item.paneKey);
    return { ok: false, result: { outcome: 'gone', message: 'the pane is gone; nothing was sent' } };
  }
  const screen = look.screen;
  if (screen.kind !== 'permission' || fingerprintOf(screen) !== item.fingerprint) {
    onStale?.(item.paneKey);
    return { ok: false, result: { outcome: 'changed', message: 'the prompt on screen is not the one shown; nothing was sent' } };
  }
  return { ok: true, screen };
}
