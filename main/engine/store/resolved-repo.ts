/** Items that left the queue: how, when, by which surface. Written only by ItemsRepo.resolve. */
import type { Screen } from '../runtimes/types.ts';
import type { PaneKey } from '../sessions/facts.ts';
import { fromJson, type Db } from './sql.ts';
import type { ItemKind, ResolvedItem, Resolution, Surface } from './types.ts';

/** Resolved items, newest first. */
export interface ResolvedRepo {
  get(id: string): ResolvedItem | null;
  /** Most recent first; optionally one pane's, optionally only those resolved at or after `since`. */
  list(query?: { readonly paneKey?: PaneKey; readonly since?: number; readonly limit?: number }): ResolvedItem[];
}

/** A resolved_items row as SQLite returns it. */
export interface ResolvedRow {
  id: string;
  pane_key: string;
  kind: string;
  prompt_json: string | null;
  fingerprint: string | null;
  summary: string;
  first_seen: number;
  reminder_step: number;
  stuck: number;
  claimed_by: string | null;
  expires_at: number;
  tail_json: string;
  context: string | null;
  resolved_at: number;
  how: string;
  resolved_by: string;
}

/** Build the resolved-items repository. */
export function createResolvedRepo(db: Db): ResolvedRepo {
  const byId = db.prepare<[string], ResolvedRow>('SELECT * FROM resolved_items WHERE id = ?');
  const recent = db.prepare<{ paneKey: string | null; since: number; limit: number }, ResolvedRow>(
    `SELECT * FROM resolved_items
     WHERE (@paneKey IS NULL OR pane_key = @paneKey) AND resolved_at >= @since
     ORDER BY resolved_at DESC, rowid DESC LIMIT @limit`,
  );
  return {
    get: (id) => {
      const row = byId.get(id);
      return row ? mapResolvedRow(row) : null;
    },
    list: (query = {}) =>
      recent.all({ paneKey: query.paneKey ?? null, since: query.since ?? 0, limit: query.limit ?? 100 }).map(mapResolvedRow),
  };
}

/** Row → ResolvedItem (shared with ItemsRepo.resolve, which returns what it just wrote). */
export function mapResolvedRow(r: ResolvedRow): ResolvedItem {
  return {
    id: r.id,
    paneKey: r.pane_key,
    kind: r.kind as ItemKind,
    prompt: fromJson<Screen>(r.prompt_json),
    fingerprint: r.fingerprint,
    summary: r.summary,
    firstSeen: r.first_seen,
    reminderStep: r.reminder_step,
    stuck: r.stuck === 1,
    claimedBy: r.claimed_by,
    expiresAt: r.expires_at,
    tail: fromJson<string[]>(r.tail_json) ?? [],
    context: r.context,
    resolvedAt: r.resolved_at,
    how: r.how as Resolution,
    by: r.resolved_by as Surface,
  };
}
