/** The actions' persistence over the Store: atomic claims, audit-before-send, resolution with events. */
import type { ActionStore, AuditRecord } from './types.ts';
import type { ResolvedItem, Store } from '../store/index.ts';
import type { RuntimeId } from '../runtimes/types.ts';

/** Adapter; the item's wait interval ends with it; `onResolved` tells the engine (events, reminders). */
export function storeForActions(
  store: Store,
  onResolved: (item: ResolvedItem, how: 'approved' | 'denied' | 'replied') => void,
): ActionStore {
  const toEntry = (a: AuditRecord) => ({
    paneKey: a.paneKey,
    runtime: a.runtime as RuntimeId,
    action: a.action,
    payload: a.payload,
    reason: a.reason,
    surface: a.surface,
    itemId: a.itemId,
    outcome: a.outcome,
  });
  // The audit row of the last key sent into each pane, for its item's outcome row. One per pane, and
  // dropped once the outcome is recorded or the item resolved: a reply records no outcome, and an
  // entry per item would stay for the life of the engine.
  const lastKeyRow = new Map<string, { itemId: string; id: number; runtime: string }>();
  const forget = (itemId: string): void => {
    for (const [pane, entry] of lastKeyRow) if (entry.itemId === itemId) lastKeyRow.delete(pane);
  };
  return {
    claim: (id, by) => store.items.claim(id, by),
    release: (id, by) => void store.items.release(id, by),
    recordSend: (itemId, audit) => {
      const row = store.audit.append(toEntry(audit));
      if (itemId) lastKeyRow.set(audit.paneKey, { itemId, id: row.id, runtime: audit.runtime });
    },
    recordOutcome: (itemId, outcome) => {
      const found = [...lastKeyRow].find(([, entry]) => entry.itemId === itemId);
      if (!found) return;
      const [paneKey, row] = found;
      lastKeyRow.delete(paneKey);
      store.audit.append({
        paneKey,
        runtime: row.runtime as RuntimeId,
        action: 'outcome',
        payload: '',
        reason: outcome,
        surface: 'engine',
        itemId,
        outcome,
        ref: row.id,
      });
    },
    pendingOutcomes: () => lastKeyRow.size,
    forgetPane: (paneKey) => {
      // A reply that ended `changed` records no outcome and its item may be resolved by the truth, not
      // here: its entry would outlive the pane. One still claimed belongs to an action that will complete it.
      const entry = lastKeyRow.get(paneKey);
      if (entry && !store.items.get(entry.itemId)?.claimedBy) lastKeyRow.delete(paneKey);
    },
    appendAudit: (audit) => void store.audit.append(toEntry(audit)),
    resolve: (id, how, by) => {
      // One commit for the item and its wait interval; the events follow once both are stored.
      const resolved = store.transaction(() => {
        const done = store.items.resolve(id, how, by);
        if (done) store.history.end(done.paneKey, done.resolvedAt);
        return done;
      });
      forget(id);
      if (resolved) onResolved(resolved, how);
    },
  };
}
