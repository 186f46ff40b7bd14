/**
 * The attention queue's order, pure: oldest first by first detection; skip moves an item to the
 * tail with a cooldown; snooze hides it. The "next" item is always the head of `visibleQueue`, so
 * what the list shows and what the hotkey jumps to never disagree.
 *
 * No livelock: a skip gives the item an order after every other item, and items in cooldown come
 * after all others (least recently skipped first). Repeatedly skipping "next" therefore walks the
 * queue round-robin — every waiting item is offered once before any is offered twice.
 */
import type { QueueFields } from './attention-item.ts';

/** Default skip cooldown: 10 minutes. */
export const DEFAULT_SKIP_COOLDOWN_MS = 10 * 60_000;

const cooling = (item: QueueFields, now: number): boolean => item.skipCooldownUntil !== null && item.skipCooldownUntil > now;
/** Whether a snooze hides the item at `now` (every surface asks the same). */
export function isSnoozed(item: { readonly snoozedUntil: number | null }, now: number): boolean {
  return item.snoozedUntil !== null && item.snoozedUntil > now;
}

function compare(a: QueueFields, b: QueueFields, now: number): number {
  const ca = cooling(a, now) ? 1 : 0;
  const cb = cooling(b, now) ? 1 : 0;
  if (ca !== cb) return ca - cb;
  if (a.queueOrder !== b.queueOrder) return a.queueOrder - b.queueOrder;
  if (a.firstSeen !== b.firstSeen) return a.firstSeen - b.firstSeen;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The queue as shown: snoozed items hidden; items in skip cooldown after all others; otherwise by order. */
export function visibleQueue<T extends QueueFields>(items: readonly T[], now: number): T[] {
  return items.filter((item) => !isSnoozed(item, now)).sort((a, b) => compare(a, b, now));
}

/** The item to offer next (hotkey "jump to oldest", tray head); null when nothing visible waits. */
export function oldest<T extends QueueFields>(items: readonly T[], now: number): T | null {
  return visibleQueue(items, now)[0] ?? null;
}

/** Skip: the item goes after every other item and is not offered as next before `now + cooldownMs` unless nothing else waits. */
export function skip<T extends QueueFields>(item: T, now: number, all: readonly QueueFields[], cooldownMs = DEFAULT_SKIP_COOLDOWN_MS): T {
  const last = all.reduce((max, other) => (other.id === item.id ? max : Math.max(max, other.queueOrder)), Number.NEGATIVE_INFINITY);
  return { ...item, queueOrder: Math.max(now, last + 1), skipCooldownUntil: now + cooldownMs };
}

/** Snooze: hidden from the queue (and from reminders) until `until`. Its place in the order is kept. */
export function snooze<T extends QueueFields>(item: T, until: number): T {
  return { ...item, snoozedUntil: until };
}

/** When the visible queue next changes by itself (a snooze or cooldown ends); null when never. */
export function nextQueueChangeAt(items: readonly QueueFields[], now: number): number | null {
  const times = items.flatMap((i) => [i.snoozedUntil, i.skipCooldownUntil]).filter((t): t is number => t !== null && t > now);
  return times.length ? Math.min(...times) : null;
}
