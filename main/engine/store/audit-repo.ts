/**
 * The audit log of everything the app sent into a pane. Append-only by construction: this API has
 * no update or delete, and triggers in the schema refuse UPDATE and DELETE from anyone else.
 */
import type { Clock } from '../platform/clock.ts';
import type { RuntimeId } from '../runtimes/types.ts';
import type { PaneKey } from '../sessions/facts.ts';
import type { Db } from './sql.ts';
import type { AuditAction, AuditEntry, Surface } from './types.ts';

/** What a caller records; `at` defaults to the clock's now. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at' | 'runtime' | 'itemId' | 'outcome' | 'ref'> & {
  readonly at?: number;
  readonly runtime?: RuntimeId | null;
  readonly itemId?: string | null;
  readonly outcome?: string | null;
  readonly ref?: number | null;
};

/** Audit query: newest first, paged backwards with `beforeId`. */
export interface AuditQuery {
  readonly paneKey?: PaneKey;
  readonly itemId?: string;
  readonly beforeId?: number;
  readonly limit?: number;
}

/** Audit repository: append and read, nothing else. */
export interface AuditRepo {
  /** Append one record; returns it with its id. Record before sending, so a crash cannot hide a key. */
  append(entry: NewAuditEntry): AuditEntry;
  list(query?: AuditQuery): AuditEntry[];
}

interface AuditRow {
  id: number;
  at: number;
  pane_key: string;
  runtime: string | null;
  action: string;
  payload: string;
  reason: string;
  surface: string;
  item_id: string | null;
  outcome: string | null;
  ref: number | null;
}

/** Build the audit repository. */
export function createAuditRepo(db: Db, clock: Clock): AuditRepo {
  const insert = db.prepare(
    `INSERT INTO audit (at, pane_key, runtime, action, payload, reason, surface, item_id, outcome, ref)
     VALUES (@at, @paneKey, @runtime, @action, @payload, @reason, @surface, @itemId, @outcome, @ref)`,
  );
  const select = db.prepare<{ paneKey: string | null; itemId: string | null; beforeId: number | null; limit: number }, AuditRow>(
    `SELECT * FROM audit
     WHERE (@paneKey IS NULL OR pane_key = @paneKey) AND (@itemId IS NULL OR item_id = @itemId)
       AND (@beforeId IS NULL OR id < @beforeId)
     ORDER BY id DESC LIMIT @limit`,
  );
  return {
    append: (e) => {
      const entry = {
        at: e.at ?? clock.now(),
        paneKey: e.paneKey,
        runtime: e.runtime ?? null,
        action: e.action,
        payload: e.payload,
        reason: e.reason,
        surface: e.surface,
        itemId: e.itemId ?? null,
        outcome: e.outcome ?? null,
        ref: e.ref ?? null,
      };
      const id = Number(insert.run(entry).lastInsertRowid);
      return { id, ...entry };
    },
    list: (q = {}) =>
      select
        .all({ paneKey: q.paneKey ?? null, itemId: q.itemId ?? null, beforeId: q.beforeId ?? null, limit: q.limit ?? 100 })
        .map(fromRow),
  };
}

function fromRow(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    at: r.at,
    paneKey: r.pane_key,
    runtime: r.runtime as RuntimeId | null,
    action: r.action as AuditAction,
    payload: r.payload,
    reason: r.reason,
    surface: r.surface as Surface,
    itemId: r.item_id,
    outcome: r.outcome,
    ref: r.ref,
  };
}
