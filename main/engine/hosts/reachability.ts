/** Whether a pane's host can be reached now: what views show and what actions check before acting. */
import type { PaneKey } from '../sessions/facts.ts';

/** Why a pane cannot be reached, and since when. */
export interface Unreachable {
  /** "host gpu unreachable since 2026-…: the host cannot be reached (…)" */
  readonly reason: string;
  /** Epoch ms since when (the state's `since` in views). */
  readonly since: number;
}

/** Answers for any pane key; this machine's panes are always reachable. */
export interface Reachability {
  unreachable(paneKey: PaneKey): Unreachable | null;
}

/** No hosts configured: every pane is this machine's. */
export const LOCAL_ONLY: Reachability = { unreachable: () => null };
