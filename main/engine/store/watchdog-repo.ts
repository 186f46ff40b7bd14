/** The idle watchdog's per-pane backoff state, so a restart resumes the backoff where it was. */
import type { PaneKey } from '../sessions/facts.ts';
import { atomically, toBit, type Db } from './sql.ts';
import type { WatchdogState } from './types.ts';

/** Watchdog state repository. */
export interface WatchdogRepo {
  get(paneKey: PaneKey): WatchdogState | null;
  list(): WatchdogState[];
  /** Store the state; false (no write) when it is already exactly this. */
  put(state: WatchdogState): boolean;
  /** Forget a pane's backoff (it went back to work); false when there was none. */
  clear(paneKey: PaneKey): boolean;
}

interface WatchdogRow {
  pane_key: string;
  nudges_sent: number;
  last_nudge_at: number | null;
  next_nudge_at: number | null;
  idle_since: number | null;
  escalated: number;
}

/** Build the watchdog repository. */
export function createWatchdogRepo(db: Db): WatchdogRepo {
  const one = db.prepare<[string], WatchdogRow>('SELECT * FROM watchdog WHERE pane_key = ?');
  const all = db.prepare<[], WatchdogRow>('SELECT * FROM watchdog ORDER BY pane_key');
  const upsert = db.prepare(
    `INSERT INTO watchdog (pane_key, nudges_sent, last_nudge_at, next_nudge_at, idle_since, escalated)
     VALUES (@paneKey, @nudgesSent, @lastNudgeAt, @nextNudgeAt, @idleSince, @escalated)
     ON CONFLICT (pane_key) DO UPDATE SET nudges_sent = excluded.nudges_sent,
       last_nudge_at = excluded.last_nudge_at, next_nudge_at = excluded.next_nudge_at,
       idle_since = excluded.idle_since, escalated = excluded.escalated`,
  );
  const remove = db.prepare('DELETE FROM watchdog WHERE pane_key = ?');
  return {
    get: (paneKey) => {
      const row = one.get(paneKey);
      return row ? fromRow(row) : null;
    },
    list: () => all.all().map(fromRow),
    put: (state) =>
      atomically(db, () => {
        const row = one.get(state.paneKey);
        if (row && same(fromRow(row), state)) return false;
        upsert.run({ ...state, escalated: toBit(state.escalated) });
        return true;
      }),
    clear: (paneKey) => remove.run(paneKey).changes > 0,
  };
}

function same(a: WatchdogState, b: WatchdogState): boolean {
  return (
    a.nudgesSent === b.nudgesSent &&
    a.lastNudgeAt === b.lastNudgeAt &&
    a.nextNudgeAt === b.nextNudgeAt &&
    a.idleSince === b.idleSince &&
    a.escalated === b.escalated
  );
}

function fromRow(r: WatchdogRow): WatchdogState {
  return {
    paneKey: r.pane_key,
    nudgesSent: r.nudges_sent,
    lastNudgeAt: r.last_nudge_at,
    nextNudgeAt: r.next_nudge_at,
    idleSince: r.idle_since,
    escalated: r.escalated === 1,
  };
}
