/** The queue store: state plus actions named for what happened, built fresh by a factory (one per window, one per test). */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ItemActionDto, QueueItemDto } from '../../preload/contract/index.ts';
import type { QueueFilter } from './queue-filter.ts';
import * as r from './queue-state.ts';

/** The actions of the queue store; each applies one pure reducer. */
export interface QueueActions {
  queueLoaded(items: readonly QueueItemDto[]): void;
  queueLoadFailed(problem: string): void;
  queueChanged(items: readonly QueueItemDto[]): void;
  itemAdded(item: QueueItemDto): void;
  itemUpdated(item: QueueItemDto): void;
  itemResolved(id: string): void;
  reminderFired(id: string, step: number, stuck: boolean): void;
  itemSelected(id: string): void;
  selectionMoved(to: number | 'first' | 'last', now: number): void;
  actionStarted(id: string, action: ItemActionDto): void;
  actionSettled(note: r.OutcomeNote): void;
  replyOpened(id: string): void;
  snoozeOpened(id: string): void;
  denyMessageOpened(id: string): void;
  popupsClosed(): void;
  connectionChanged(connected: boolean): void;
  filterChosen(filter: QueueFilter, now: number): void;
}

export type QueueStore = r.QueueState & QueueActions;

/** Creates a queue store. */
export function createQueueStore(initial: r.QueueState = r.initialQueueState): StoreApi<QueueStore> {
  return createStore<QueueStore>()((set) => {
    const apply = (reduce: (s: r.QueueState) => r.QueueState) => set((s) => reduce(s));
    return {
      ...initial,
      queueLoaded: (items) => apply((s) => r.queueLoaded(s, items)),
      queueLoadFailed: (problem) => apply((s) => r.queueLoadFailed(s, problem)),
      queueChanged: (items) => apply((s) => r.queueChanged(s, items)),
      itemAdded: (item) => apply((s) => r.itemAdded(s, item)),
      itemUpdated: (item) => apply((s) => r.itemUpdated(s, item)),
      itemResolved: (id) => apply((s) => r.itemResolved(s, id)),
      reminderFired: (id, step, stuck) => apply((s) => r.reminderFired(s, id, step, stuck)),
      itemSelected: (id) => apply((s) => r.itemSelected(s, id)),
      selectionMoved: (to, now) => apply((s) => r.selectionMoved(s, to, now)),
      actionStarted: (id, action) => apply((s) => r.actionStarted(s, id, action)),
      actionSettled: (note) => apply((s) => r.actionSettled(s, note)),
      replyOpened: (id) => apply((s) => r.replyOpened(s, id)),
      snoozeOpened: (id) => apply((s) => r.snoozeOpened(s, id)),
      denyMessageOpened: (id) => apply((s) => r.denyMessageOpened(s, id)),
      popupsClosed: () => apply(r.popupsClosed),
      connectionChanged: (connected) => apply((s) => r.connectionChanged(s, connected)),
      filterChosen: (filter, now) => apply((s) => r.filterChosen(s, filter, now)),
    };
  });
}
