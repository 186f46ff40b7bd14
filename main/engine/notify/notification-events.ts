/** Engine events as the notification policy needs them (the reminder event takes its item from the latest queue). */
import type { EventName, EventPayload } from '../../../preload/contract/events.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { NotificationEvent } from './notification-policy.ts';

/** Subscribes to one engine event; returns the unsubscribe. `Engine.on` has this shape. */
export type EventSource = <E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void) => () => void;

/** Feeds `handle` every engine event that changes notifications; returns one unsubscribe for all. */
export function subscribeNotificationEvents(on: EventSource, handle: (event: NotificationEvent) => void): () => void {
  let items: readonly QueueItemDto[] = [];
  const offs = [
    on('queue:changed', (payload) => {
      items = payload.items;
      handle({ kind: 'queue', items: payload.items });
    }),
    on('item:added', ({ item }) => handle({ kind: 'added', item })),
    on('item:updated', ({ item }) => handle({ kind: 'updated', item })),
    on('item:resolved', ({ id }) => handle({ kind: 'resolved', itemId: id })),
    on('reminder', ({ id, step, stuck }) => {
      // The reminder arrives before the item's update: take step and stuck from the event.
      const item = items.find((i) => i.id === id);
      if (item !== undefined) handle({ kind: 'reminder', item: { ...item, reminderStep: step, stuck } });
    }),
  ];
  return () => {
    for (const off of offs.splice(0)) off();
  };
}
