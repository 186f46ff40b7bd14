/** A pane's attention policy from its settings and the watchdog's verdict. */
import type { PanePolicy } from '../sessions/attention.ts';
import type { Pane } from '../store/index.ts';

export interface WatchdogView {
  /** Is a watchdog running that will nudge this pane when idle? */
  handlesIdle(pane: Pane): boolean;
  /** Nudges sent before it gave up, or null while it has not. */
  escalatedAfter(paneKey: string): number | null;
}

/** Without a watchdog, every idle agent is the human's. */
export const NO_WATCHDOG: WatchdogView = { handlesIdle: () => false, escalatedAfter: () => null };

/** Muted and ignored panes raise nothing; idle panes in a loop mode are the watchdog's until it gives up. */
export function policyFor(pane: Pane | null, watchdog: WatchdogView = NO_WATCHDOG): PanePolicy {
  if (!pane) return { muted: false, watchdogHandlesIdle: false, escalatedAfterNudges: null };
  return {
    muted: pane.muted || pane.ignored,
    watchdogHandlesIdle: watchdog.handlesIdle(pane),
    escalatedAfterNudges: watchdog.escalatedAfter(pane.paneKey),
  };
}
