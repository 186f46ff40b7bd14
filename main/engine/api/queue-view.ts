/** The queue as surfaces see it: open items in queue order, snoozed ones hidden, as DTOs. */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { isSnoozed } from '../sessions/queue.ts';
import type { Store } from '../store/index.ts';
import type { PaneTruth } from '../truth/pane-truth.ts';
import { itemDto } from './dto.ts';
import type { Reachability } from '../hosts/reachability.ts';
import { LOCAL_ONLY } from '../hosts/reachability.ts';

/** Every open item that is not snoozed, oldest first (skipped ones at the tail, as the store orders them). */
export function queueDtos(
  store: Store,
  truth: PaneTruth,
  now: number,
  includeSnoozed = false,
  reach: Reachability = LOCAL_ONLY,
): QueueItemDto[] {
  const panes = new Map(store.panes.list().map((p) => [p.paneKey, p]));
  return store.items
    .list()
    .filter((item) => includeSnoozed || !isSnoozed(item, now))
    .filter((item) => !panes.get(item.paneKey)?.muted)
    .map((item) => itemDto(item, panes.get(item.paneKey) ?? null, truth.get(item.paneKey), now, reach));
}

/** One item as a DTO, or null when it is not open. */
export function itemDtoById(
  store: Store,
  truth: PaneTruth,
  id: string,
  now: number,
  reach: Reachability = LOCAL_ONLY,
): QueueItemDto | null {
  const item = store.items.get(id);
  if (!item) return null;
  return itemDto(item, store.panes.get(item.paneKey), truth.get(item.paneKey), now, reach);
}
