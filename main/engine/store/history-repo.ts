/** Wait history for the activity chart: per pane, the intervals it spent waiting on a human, and why. */
import type { PaneKey } from '../sessions/facts.ts';
import { atomically, type Db } from './sql.ts';
import type { ItemKind, WaitInterval } from './types.ts';

/** Wait-interval repository. */
export interface HistoryRepo {
  /**
   * The pane starts waiting for `reason`. Already waiting for the same reason → no write (false);
   * waiting for another reason → that interval ends at `at` and a new one starts.
   */
  begin(paneKey: PaneKey, reason: ItemKind, at: number): boolean;
  /** The pane stopped waiting; false when it was not waiting. */
  end(paneKey: PaneKey, at: number): boolean;
  /** Intervals overlapping [since, until] (open ones included), oldest first. */
  list(query: { readonly since: number; readonly until?: number; readonly paneKey?: PaneKey }): WaitInterval[];
  /** Drop intervals that ended before `before` (retention); returns how many. */
  prune(before: number): number;
}

interface IntervalRow {
  id: number;
  pane_key: string;
  reason: string;
  started_at: number;
  ended_at: number | null;
}

/** Build the wait-history repository. */
export function createHistoryRepo(db: Db): HistoryRepo {
  const open = db.prepare<[string], IntervalRow>('SELECT * FROM wait_intervals WHERE pane_key = ? AND ended_at IS NULL');
  const insert = db.prepare('INSERT INTO wait_intervals (pane_key, reason, started_at) VALUES (?, ?, ?)');
  // MAX keeps the CHECK (end ≥ start) true even if a caller's clock stepped back.
  const close = db.prepare('UPDATE wait_intervals SET ended_at = MAX(started_at, ?) WHERE id = ?');
  const overlapping = db.prepare<{ since: number; until: number; paneKey: string | null }, IntervalRow>(
    `SELECT * FROM wait_intervals
     WHERE started_at <= @until AND (ended_at IS NULL OR ended_at >= @since)
       AND (@paneKey IS NULL OR pane_key = @paneKey)
     ORDER BY started_at, id`,
  );
  const prune = db.prepare('DELETE FROM wait_intervals WHERE ended_at IS NOT NULL AND ended_at < ?');
  return {
    begin: (paneKey, reason, at) =>
      atomically(db, () => {
        const current = open.get(paneKey);
        if (current?.reason === reason) return false;
        if (current) close.run(at, current.id);
        insert.run(paneKey, reason, at);
        return true;
      }),
    end: (paneKey, at) =>
      atomically(db, () => {
        const current = open.get(paneKey);
        if (!current) return false;
        close.run(at, current.id);
        return true;
      }),
    list: ({ since, until = Number.MAX_SAFE_INTEGER, paneKey }) =>
      overlapping.all({ since, until, paneKey: paneKey ?? null }).map((r) => ({
        id: r.id,
        paneKey: r.pane_key,
        reason: r.reason as ItemKind,
        startedAt: r.started_at,
        endedAt: r.ended_at,
      })),
    prune: (before) => prune.run(before).changes,
  };
}
