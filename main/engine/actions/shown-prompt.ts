/** The fresh look every prompt answer starts from: the pane still shows exactly the prompt the user saw. */
import { fingerprintOf } from '../runtimes/common/fingerprint.ts';
import type { PermissionPrompt } from '../runtimes/types.ts';
import { TmuxError } from '../tmux/types.ts';
import type { ActionItem, ActionResult, ActionStore, PaneAccess } from './types.ts';

/**
 * Claim `item` for an answer, or say why not (nothing claimed, nothing sent): not a prompt, its host
 * out of reach — refused, never kept to send later: by the time the host is back the prompt may be
 * another one — or already being answered.
 */
export function claimPrompt(store: ActionStore, panes: PaneAccess, item: ActionItem, claimant: string): ActionResult | null {
  if (!item.fingerprint) return { outcome: 'refused', message: `item ${item.id} is not a permission prompt` };
  const unreachable = panes.unreachable?.(item.paneKey) ?? null;
  if (unreachable) return { outcome: 'refused', message: `${unreachable}; nothing was sent` };
  if (!store.claim(item.id, claimant)) return { outcome: 'refused', message: `item ${item.id} is already being answered` };
  return null;
}

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
