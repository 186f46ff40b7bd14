/** Watchdog tunables, shaped like the settings contract (`SettingsDto['watchdog']`) plus two engine-only knobs. */

/** Everything the watchdog's pure decisions read. Durations in ms. */
export interface WatchdogConfig {
  /** Global opt-in; per pane the loop mode decides too. */
  readonly enabled: boolean;
  /** What `active` mode types. */
  readonly message: string;
  /** Waits before each nudge (the first counts from when idleness began). Later nudges grow by `factor`. */
  readonly backoffMs: readonly number[];
  readonly factor: number;
  readonly capMs: number;
  /** After this many nudges without getting back to work, queue the agent for the human. */
  readonly maxTries: number;
  /** A client attached to the pane's session with input within this window means a human is there. */
  readonly humanActiveMs: number;
  /** Dismiss dialogs from the safe-to-dismiss catalog. */
  readonly dismissKnownDialogs: boolean;
  /**
   * How long the agent must work for that to count as "back to work" (resets the nudge count).
   * Why not zero: a nudge answered by an instant error ("Not logged in") flips to working for a
   * moment; counting that would nudge a broken agent forever and never escalate.
   */
  readonly workResetMs: number;
  /** When a gate says "not now" without a known end (draft typed, screen not idle), look again after this. */
  readonly recheckMs: number;
}

const MIN = 60_000;

/** Defaults from the product: 5 m, 15 m, 45 m, capped at 2 h; 3 tries; human window 120 s. */
export const DEFAULT_WATCHDOG_CONFIG: WatchdogConfig = {
  enabled: false,
  message: 'continue',
  backoffMs: [5 * MIN, 15 * MIN, 45 * MIN],
  factor: 3,
  capMs: 120 * MIN,
  maxTries: 3,
  humanActiveMs: 120_000,
  dismissKnownDialogs: true,
  workResetMs: 30_000,
  recheckMs: 60_000,
};
