/**
 * Approve or deny a permission prompt: claim the item, re-verify the prompt the user saw, audit,
 * send exactly one key, confirm the prompt left. Two clicks send one key; a changed prompt gets none.
 */
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import { approveKeyFor, denyKeyFor } from '../runtimes/common/keys.ts';
import { fingerprintOf } from '../runtimes/common/fingerprint.ts';
import { claimPrompt, lookAtShownPrompt } from './shown-prompt.ts';
import { paneWent } from './pane-went.ts';
import type { ConfirmOptions } from './confirm.ts';
import { DEFAULT_CONFIRM, NO_PERMISSION_PROMPT, waitUntilLeft } from './confirm.ts';
import type { ActionItem, ActionResult, ActionStore, PaneAccess, Surface } from './types.ts';

export interface AnswerDeps {
  readonly store: ActionStore;
  readonly panes: PaneAccess;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Unique per engine process, so a claim survives only as long as its owner. */
  readonly claimant: string;
  readonly confirm?: ConfirmOptions;
  /** Called when the pane no longer shows the stored prompt, so the item is refreshed. */
  readonly onStale?: (paneKey: string) => void;
  /** Looks used to confirm the prompt left (default: `panes`); the engine passes settled looks. */
  readonly confirmPanes?: PaneAccess;
  /** Called right after the key went out (deny records when Escape was sent, for the pause before text). */
  readonly onSent?: (paneKey: string, keys: readonly string[]) => void;
}

/** Approve (`yes`) or deny (`no`) the prompt behind `item`. */
export async function answerPrompt(
  deps: AnswerDeps,
  item: ActionItem,
  answer: 'approve' | 'deny',
  surface: Surface,
): Promise<ActionResult> {
  const { store, panes, clock, claimant } = deps;
  const notClaimed = claimPrompt(store, panes, item, claimant);
  if (notClaimed) return notClaimed;
  try {
    const shown = await lookAtShownPrompt(panes, item, deps.onStale);
    if (!shown.ok) return shown.result;
    const screen = shown.screen;
    const key = answer === 'approve' ? approveKeyFor(screen) : denyKeyFor(screen);
    if (!key) {
      const why =
        answer === 'approve' ? 'no single-use "allow once" option could be identified with confidence' : 'no way to say no was identified';
      return { outcome: 'refused', message: `${answer} not possible: ${why}; jump to the pane instead` };
    }
    const label =
      screen.options.find((o) => o.key === key)?.label ?? (key === 'Enter' ? screen.options[screen.highlighted ?? -1]?.label : key);
    store.recordSend(item.id, {
      paneKey: item.paneKey,
      runtime: screen.runtime,
      action: 'key',
      payload: key,
      reason: `${answer}: ${label ?? key} — ${screen.subject}`,
      surface,
      itemId: item.id,
      outcome: 'sent',
    });
    try {
      await panes.sendKeys(item.paneKey, [key]);
    } catch (error) {
      // Killed after the look, before the key: tmux found no pane, so the key reached nothing.
      if (!paneWent(error)) throw error;
      store.recordOutcome(item.id, 'gone');
      deps.onStale?.(item.paneKey);
      return { outcome: 'gone', message: 'the pane is gone (it went before the key reached it); nothing was sent' };
    }
    deps.onSent?.(item.paneKey, [key]);
    const fingerprint = item.fingerprint;
    const left = await waitUntilLeft(
      deps.confirmPanes ?? panes,
      item.paneKey,
      (l) => l.kind === 'screen' && l.screen.kind === 'permission' && fingerprintOf(l.screen) === fingerprint,
      clock,
      deps.confirm ?? DEFAULT_CONFIRM,
      NO_PERMISSION_PROMPT,
    );
    store.recordOutcome(item.id, left ? 'confirmed' : 'unconfirmed');
    if (left) {
      store.resolve(item.id, answer === 'approve' ? 'approved' : 'denied', surface);
      return {
        outcome: 'confirmed',
        message: `${answer === 'approve' ? 'approved' : 'denied'} with ${key} (${label ?? key})`,
        sent: [key],
      };
    }
    deps.logger.log('warn', 'action.unconfirmed', { item: item.id, pane: item.paneKey, key });
    return {
      outcome: 'unconfirmed',
      message: `sent ${key}, but the prompt is still on screen after ${(deps.confirm ?? DEFAULT_CONFIRM).timeoutMs / 1000}s; not retried`,
      sent: [key],
    };
  } finally {
    // Unconfirmed or refused: the user may act again, explicitly (the app itself never resends).
    store.release(item.id, claimant);
  }
}
