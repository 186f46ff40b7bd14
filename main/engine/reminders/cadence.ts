/**
 * Reminder cadence, pure: which step fires next for an item, and when. Steps count from first
 * detection; step 0 is the first notice (sent when the item opens); the last step marks the item
 * stuck. After a restart or a snooze, at most one catch-up fires (the latest step already passed),
 * never a burst of every missed step; the cadence then continues from there.
 */
import type { ReminderFields } from '../sessions/attention-item.ts';

const MIN = 60_000;

/** Default offsets from first detection: now, +5 m, +15 m, +45 m, +2 h, +4 h (ascending). */
/** A catch-up this close before the next step (and within half their gap) is folded into that step: no two reminders in a row. */
export const CATCH_UP_COALESCE_MS = 1000;

export const DEFAULT_CADENCE_MS: readonly number[] = [0, 5 * MIN, 15 * MIN, 45 * MIN, 120 * MIN, 240 * MIN];

/**
 * The next firing. `stuck`: the last step, which also marks the item stuck. `skipped`: how many
 * steps were passed over for a catch-up (0 on schedule). `done`: nothing more will fire.
 */
export type NextReminder =
  { readonly kind: 'reminder' | 'stuck'; readonly step: number; readonly at: number; readonly skipped: number } | { readonly kind: 'done' };

/** Next step to fire for `item` with `cadence` (ascending offsets in ms), seen at `now`. Never earlier than its time or the snooze end. */
export function nextReminder(item: ReminderFields, cadence: readonly number[], now: number): NextReminder {
  const last = cadence.length - 1;
  if (item.stuck || item.reminderStep >= last) return { kind: 'done' };
  // While snoozed nothing fires; steps that pass meanwhile collapse into one catch-up at its end.
  const from = Math.max(now, item.snoozedUntil ?? now);
  const next = Math.max(0, item.reminderStep + 1);
  const dueAt = (step: number): number => item.firstSeen + (cadence[step] ?? 0);
  let latestPassed = -1;
  for (let step = next; step <= last; step++) if (dueAt(step) <= from) latestPassed = step;
  if (latestPassed < next) return { kind: next === last ? 'stuck' : 'reminder', step: next, at: dueAt(next), skipped: 0 };
  // A catch-up right before the following step would be two reminders in a row: fire that step instead,
  // on time (a little later than the catch-up, never early).
  const following = latestPassed + 1;
  // The window is at most half the gap between the two steps, so a timer firing on time is never folded.
  const window = Math.min(CATCH_UP_COALESCE_MS, (dueAt(following) - dueAt(latestPassed)) / 2);
  if (following <= last && dueAt(following) - from < window) {
    return { kind: following === last ? 'stuck' : 'reminder', step: following, at: dueAt(following), skipped: following - next };
  }
  return { kind: latestPassed === last ? 'stuck' : 'reminder', step: latestPassed, at: from, skipped: latestPassed - next };
}
