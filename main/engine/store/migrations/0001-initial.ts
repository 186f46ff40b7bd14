/**
 * Version 1: everything in flight — watched panes, open and resolved attention items, watchdog
 * backoff state, and the append-only audit log of every key or text sent into a pane.
 */
import type { Migration } from '../migrate.ts';

/** Creates panes, items, resolved_items, watchdog and audit. */
export const migration0001: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    // STRICT tables: SQLite checks column types instead of silently storing anything anywhere.
    // Extensible vocabularies (item kind, how resolved, audit action) are checked in TypeScript,
    // not with CHECK, because changing a CHECK means rebuilding the table.
    db.exec(`
      CREATE TABLE panes (
        pane_key    TEXT PRIMARY KEY,
        server      TEXT NOT NULL,
        pane_id     TEXT NOT NULL,
        target      TEXT NOT NULL,
        runtime     TEXT NOT NULL,
        pid         INTEGER,
        state       TEXT NOT NULL DEFAULT 'unknown'
                    CHECK (state IN ('working', 'permission', 'dialog', 'idle', 'unknown', 'gone')),
        state_since INTEGER NOT NULL,
        muted       INTEGER NOT NULL DEFAULT 0 CHECK (muted IN (0, 1)),
        ignored     INTEGER NOT NULL DEFAULT 0 CHECK (ignored IN (0, 1)),
        enrolled    INTEGER NOT NULL DEFAULT 0 CHECK (enrolled IN (0, 1)),
        loop_mode   TEXT NOT NULL DEFAULT 'paused' CHECK (loop_mode IN ('paused', 'task-only', 'active')),
        directive   TEXT,
        last_seen   INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE items (
        id                  TEXT PRIMARY KEY,
        pane_key            TEXT NOT NULL REFERENCES panes (pane_key),
        kind                TEXT NOT NULL,
        prompt_json         TEXT,
        fingerprint         TEXT,
        summary             TEXT NOT NULL,
        first_seen          INTEGER NOT NULL,
        queue_order         INTEGER NOT NULL,
        reminder_step       INTEGER NOT NULL DEFAULT 0,
        next_reminder_at    INTEGER,
        snoozed_until       INTEGER,
        skip_cooldown_until INTEGER,
        stuck               INTEGER NOT NULL DEFAULT 0 CHECK (stuck IN (0, 1)),
        claimed_by          TEXT,
        claimed_at          INTEGER,
        expires_at          INTEGER NOT NULL,
        tail_json           TEXT NOT NULL DEFAULT '[]',
        context             TEXT
      ) STRICT;
      -- One open item per pane: an agent that needs a human is one item in the queue.
      CREATE UNIQUE INDEX items_by_pane ON items (pane_key);
      CREATE INDEX items_by_queue_order ON items (queue_order);

      CREATE TABLE resolved_items (
        id                  TEXT PRIMARY KEY,
        pane_key            TEXT NOT NULL,
        kind                TEXT NOT NULL,
        prompt_json         TEXT,
        fingerprint         TEXT,
        summary             TEXT NOT NULL,
        first_seen          INTEGER NOT NULL,
        reminder_step       INTEGER NOT NULL,
        stuck               INTEGER NOT NULL CHECK (stuck IN (0, 1)),
        claimed_by          TEXT,
        expires_at          INTEGER NOT NULL,
        tail_json           TEXT NOT NULL,
        context             TEXT,
        resolved_at         INTEGER NOT NULL,
        how                 TEXT NOT NULL,
        resolved_by         TEXT NOT NULL
      ) STRICT;
      CREATE INDEX resolved_by_time ON resolved_items (resolved_at);
      CREATE INDEX resolved_by_pane ON resolved_items (pane_key, resolved_at);

      CREATE TABLE watchdog (
        pane_key      TEXT PRIMARY KEY REFERENCES panes (pane_key) ON DELETE CASCADE,
        nudges_sent   INTEGER NOT NULL DEFAULT 0,
        last_nudge_at INTEGER,
        next_nudge_at INTEGER,
        idle_since    INTEGER,
        escalated     INTEGER NOT NULL DEFAULT 0 CHECK (escalated IN (0, 1))
      ) STRICT;

      -- No foreign keys: the audit outlives the panes and items it mentions.
      CREATE TABLE audit (
        id       INTEGER PRIMARY KEY AUTOINCREMENT,
        at       INTEGER NOT NULL,
        pane_key TEXT NOT NULL,
        runtime  TEXT,
        action   TEXT NOT NULL,
        payload  TEXT NOT NULL,
        reason   TEXT NOT NULL,
        surface  TEXT NOT NULL,
        item_id  TEXT,
        outcome  TEXT,
        ref      INTEGER
      ) STRICT;
      CREATE INDEX audit_by_pane ON audit (pane_key, id);
      CREATE INDEX audit_by_item ON audit (item_id) WHERE item_id IS NOT NULL;
      CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
        BEGIN SELECT RAISE(ABORT, 'audit is append-only'); END;
      CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
        BEGIN SELECT RAISE(ABORT, 'audit is append-only'); END;
    `);
  },
};
