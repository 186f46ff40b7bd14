/** After a key is sent: watch the pane until the prompt is gone, or say it did not go (never resend). */
import type { Clock } from '../platform/clock.ts';
import { sleep } from '../platform/clock.ts';
import type { PaneKey } from '../sessions/facts.ts';
import type { PaneAccess } from './types.ts';

export interface ConfirmOptions {
  /** How long the prompt may take to leave (product rule: 5 s). */
  readonly timeoutMs: number;
  readonly pollMs: number;
}

export const DEFAULT_CONFIRM: ConfirmOptions = { timeoutMs: 5000, pollMs: 100 };

/** True once `stillThere(screen)` is false (or the pane is gone); false when the deadline passes first. */
export async function waitUntilLeft(
  panes: PaneAccess,
  paneKey: PaneKey,
  stillThere: (look: Awaited<ReturnType<PaneAccess['look']>>) => boolean,
  clock: Clock,
  opts: ConfirmOptions = DEFAULT_CONFIRM,
): Promise<boolean> {
  const deadline = clock.now() + opts.timeoutMs;
  for (;;) {
    const look = await panes.look(paneKey);
    if (!stillThere(look)) return true;
    if (clock.now() >= deadline) return false;
    await sleep(clock, opts.pollMs);
  }
}
