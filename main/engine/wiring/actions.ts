/**
 * Wiring step 5: what actions act through — live access to watched panes (fresh capture, keys) and the
 * action store (atomic claims, audit before send). A resolved item leaves the reminders and the
 * history, and every surface is told.
 */
import { storeForActions } from '../actions/action-store.ts';
import { observerPaneAccess } from '../actions/pane-access.ts';
import type { ActionStore, PaneAccess } from '../actions/types.ts';
import type { Reachability } from '../hosts/reachability.ts';
import { LOCAL_ONLY } from '../hosts/reachability.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Attention } from './attention.ts';
import type { Foundation } from './foundation.ts';

/** The two collaborators every action needs. */
export interface ActionParts {
  readonly panes: PaneAccess;
  readonly actionStore: ActionStore;
}

/** Build pane access over the observer and the action store over the store. */
export function buildActionParts(
  f: Foundation,
  observer: PaneObserver,
  attention: Attention,
  reach: Reachability = LOCAL_ONLY,
): ActionParts {
  const { store, events } = f;
  const actionStore = storeForActions(store, (item, how) => {
    attention.reminders.remove(item.id);
    events.emit('item:resolved', { id: item.id, resolution: how });
    attention.queue.changed();
  });
  return { panes: observerPaneAccess(observer, reach), actionStore };
}
