/** After a key is sent: watch the pane until the prompt is gone, or say it did not go (never resend). */
import type { Clock } from '../platform/clock.ts';
import { sleep } from '../platform/clock.ts';
import type { PaneKey } from '../sessions/facts.ts';
import type { PaneAccess, PaneLook } from './types.ts';

export interface ConfirmOptions {
  /** How long the prompt may take to leave (product rule: 5 s). */
  readonly timeoutMs: number;
  readonly pollMs: number;
  /** How long to wait for the observer's next proven look before capturing the pane ourselves (default PROVEN_LOOK_WAIT_MS). */
  readonly provenLookWaitMs?: number;
}

/**
 * How long to wait for the observer's next proven look before capturing the pane ourselves. With the
 * change signal the observer proves the redrawn screen about 0.3 s after the key; a pane that shows
 * nothing new (the key was ignored) or a lost signal is looked at by the action after this.
 */
export const PROVEN_LOOK_WAIT_MS = 1000;

export const DEFAULT_CONFIRM: ConfirmOptions = { timeoutMs: 5000, pollMs: 100, provenLookWaitMs: PROVEN_LOOK_WAIT_MS };

/**
 * For a wait on a permission prompt: a look that shows no permission prompt at all (or no pane) is
 * proof that it left, whoever captured it. A look that shows one is not proof either way: the observer
 * captures without colour where it does not expect a prompt, and a prompt's fingerprint may depend on
 * its highlight, so only the action's own colour capture may tell whether it is still the same prompt.
 */
export const NO_PERMISSION_PROMPT = (look: PaneLook): boolean => look.kind === 'gone' || look.screen.kind !== 'permission';

/**
 * True once `stillThere(screen)` is false (or the pane is gone); false when the deadline passes first.
 * With `leftOnSight` and an observer that proves the pane's screens anyway (`panes.provenLook`), its
 * looks come first: one that `leftOnSight` accepts ends the wait with no capture of our own, which is
 * taken only when none came in time or the one that came is not proof.
 */
export async function waitUntilLeft(
  panes: PaneAccess,
  paneKey: PaneKey,
  stillThere: (look: PaneLook) => boolean,
  clock: Clock,
  opts: ConfirmOptions = DEFAULT_CONFIRM,
  leftOnSight?: (look: PaneLook) => boolean,
): Promise<boolean> {
  const provenLook = leftOnSight ? panes.provenLook?.bind(panes) : undefined;
  const deadline = clock.now() + opts.timeoutMs;
  // Looks asked for before this (the key has just gone out) show the screen from before the key.
  let after = clock.now();
  for (;;) {
    const began = clock.now();
    const proven =
      (await provenLook?.(paneKey, after, Math.max(0, Math.min(opts.provenLookWaitMs ?? PROVEN_LOOK_WAIT_MS, deadline - began)))) ?? null;
    if (proven && leftOnSight?.(proven)) return true;
    after = clock.now();
    const look = await panes.look(paneKey);
    if (!stillThere(look)) return true;
    if (clock.now() >= deadline) return false;
    // Waiting for the observer paces the loop; without one (or on a polled server, answered at once) we sleep.
    const spent = clock.now() - began;
    if (spent < opts.pollMs) await sleep(clock, opts.pollMs - spent);
  }
}
