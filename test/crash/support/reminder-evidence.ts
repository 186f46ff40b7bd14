/**
 * Pure checks over the reminders a crash run saw (the daemons' `reminder.fired` log lines): across
 * crashes no step fires twice or early, and each restarted daemon catches up at most once per item,
 * never in a burst.
 */

/** One firing, from a daemon's log. `incarnation` counts daemon starts from 0. */
export interface ReminderFiring {
  readonly itemId: string;
  readonly step: number;
  readonly t: number;
  readonly incarnation: number;
}

/** What the store says about an item when the run is over. */
export interface ItemTimes {
  readonly id: string;
  readonly firstSeen: number;
}

/** Clock slack for "never early": the log stamp and the item's firstSeen come from the same clock. */
const EARLY_SLACK_MS = 2;
/** Two firings of one item this close in one daemon came from one timer callback: a burst. */
const BURST_MS = 5;

/**
 * `starts[i]`: epoch ms incarnation i opened the store; steps due before it came due while no
 * engine was running, and may be caught up — once.
 */
export function checkReminders(
  firings: readonly ReminderFiring[],
  items: readonly ItemTimes[],
  cadence: readonly number[],
  starts: readonly number[],
): string[] {
  const out: string[] = [];
  const firstSeen = new Map(items.map((i) => [i.id, i.firstSeen] as const));
  const byItem = new Map<string, ReminderFiring[]>();
  for (const f of firings) byItem.set(f.itemId, [...(byItem.get(f.itemId) ?? []), f]);
  for (const [id, list] of byItem) {
    const seen = firstSeen.get(id);
    if (seen === undefined) {
      out.push(`reminder for item ${id}, which the store does not know`);
      continue;
    }
    const ordered = [...list].sort((a, b) => a.t - b.t);
    ordered.forEach((f, i) => {
      const due = seen + (cadence[f.step] ?? Number.POSITIVE_INFINITY);
      if (f.t + EARLY_SLACK_MS < due) out.push(`item ${id}: step ${f.step} fired at ${f.t}, ${due - f.t} ms before it was due`);
      const prev = ordered[i - 1];
      if (prev && f.step <= prev.step)
        out.push(
          `item ${id}: step ${f.step} fired at ${f.t} after step ${prev.step} (incarnations ${prev.incarnation} → ${f.incarnation}): a step fired twice`,
        );
      if (prev && prev.incarnation === f.incarnation && f.t - prev.t < BURST_MS)
        out.push(`item ${id}: steps ${prev.step} and ${f.step} fired ${f.t - prev.t} ms apart: a burst`);
    });
    for (let inc = 1; inc < starts.length; inc++) {
      const start = starts[inc] ?? Number.POSITIVE_INFINITY;
      const catchUps = ordered.filter((f) => f.incarnation === inc && seen + (cadence[f.step] ?? 0) < start);
      if (catchUps.length > 1)
        out.push(
          `item ${id}: daemon #${inc} caught up ${catchUps.length} times (steps ${catchUps.map((f) => f.step).join(', ')}); at most one`,
        );
    }
  }
  return out;
}

/** Parse `reminder.fired` lines out of a daemon's output (JSON log lines on stderr). */
export function reminderFiringsFromLog(output: string, incarnation: number): ReminderFiring[] {
  const out: ReminderFiring[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('"reminder.fired"')) continue;
    try {
      const entry = JSON.parse(line) as { t: string; item: string; step: number };
      out.push({ itemId: entry.item, step: entry.step, t: Date.parse(entry.t), incarnation });
    } catch {
      // A line cut by the kill: the firing's store write came first, so the next step still shows.
    }
  }
  return out;
}

/** When a daemon opened its store (its `store.opened` log line), or null. */
export function storeOpenedAt(output: string): number | null {
  const line = output.split('\n').find((l) => l.includes('"store.opened"'));
  if (!line) return null;
  try {
    return Date.parse((JSON.parse(line) as { t: string }).t);
  } catch {
    return null;
  }
}
