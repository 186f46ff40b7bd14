/** Pausing notifications: for an hour or until resumed. Pure arithmetic over an injected "now". */

/** How long to pause. */
export type PauseChoice = 'hour' | 'indefinitely';

const HOUR_MS = 60 * 60 * 1000;

/**
 * "Until resumed" is stored as the largest safe integer rather than a separate flag, so the one
 * `pausedUntil` number (the config's `notifications.pausedUntil`) says everything.
 */
export const PAUSED_INDEFINITELY = Number.MAX_SAFE_INTEGER;

/** The `pausedUntil` a choice sets at `now`. */
export function pausedUntilFor(choice: PauseChoice, now: number): number {
  switch (choice) {
    case 'hour':
      return now + HOUR_MS;
    case 'indefinitely':
      return PAUSED_INDEFINITELY;
  }
}

/** Whether notifications are paused at `now`. An expired pause is simply over. */
export function isPaused(pausedUntil: number | null, now: number): boolean {
  return pausedUntil !== null && pausedUntil > now;
}

/** "Paused until resumed" / "Paused until 14:05" / null when not paused. `clockTime` formats an epoch ms as a local time. */
export function pauseDescription(pausedUntil: number | null, now: number, clockTime: (ms: number) => string): string | null {
  if (!isPaused(pausedUntil, now) || pausedUntil === null) return null;
  return pausedUntil === PAUSED_INDEFINITELY ? 'Paused until resumed' : `Paused until ${clockTime(pausedUntil)}`;
}
