/** What the tray and the hotkeys see of the queue: the items waiting now (snoozed ones hidden), in queue order. */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { isSnoozed } from '../sessions/queue.ts';

/** The visible queue at one moment. */
export interface QueueView {
  /** Items that wait now, oldest first (the engine's order, skipped ones already at the tail). */
  readonly waiting: readonly QueueItemDto[];
  readonly count: number;
  /** Whether any waiting item has been through every reminder. */
  readonly stuck: boolean;
  readonly stuckCount: number;
}

/** The queue as the surfaces show it. Keeps the engine's order: the engine owns FIFO and skip. */
export function queueView(items: readonly QueueItemDto[], now: number): QueueView {
  const waiting = items.filter((i) => !isSnoozed(i, now));
  const stuckCount = waiting.filter((i) => i.stuck).length;
  return { waiting, count: waiting.length, stuck: stuckCount > 0, stuckCount };
}

/** The oldest waiting item (what "jump to the oldest" means), or null when none waits. */
export function oldestWaiting(items: readonly QueueItemDto[], now: number): QueueItemDto | null {
  return queueView(items, now).waiting[0] ?? null;
}
