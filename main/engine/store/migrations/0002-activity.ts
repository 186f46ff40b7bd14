/**
 * Version 2: activity records — per-event hook counters for `hooks status`, and the intervals each
 * pane spent waiting on a human (the activity chart).
 */
import type { Migration } from '../migrate.ts';

/** Creates hook_counters and wait_intervals. */
export const migration0002: Migration = {
  version: 2,
  name: 'activity',
  up(db) {
    db.exec(`
      CREATE TABLE hook_counters (
        kind    TEXT NOT NULL CHECK (kind IN ('event', 'rejected')),
        name    TEXT NOT NULL,
        count   INTEGER NOT NULL,
        last_at INTEGER NOT NULL,
        PRIMARY KEY (kind, name)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE wait_intervals (
        id         INTEGER PRIMARY KEY,
        pane_key   TEXT NOT NULL,
        reason     TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at   INTEGER,
        CHECK (ended_at IS NULL OR ended_at >= started_at)
      ) STRICT;
      -- At most one open interval per pane.
      CREATE UNIQUE INDEX wait_open_by_pane ON wait_intervals (pane_key) WHERE ended_at IS NULL;
      CREATE INDEX wait_by_start ON wait_intervals (started_at);
    `);
  },
};
