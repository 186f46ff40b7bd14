/**
 * Version 4: the phone channel (Telegram). One pairing row (the paired chat and user, the poll
 * offset, the last poll and error, a pairing in progress), the item ↔ message map, and the buttons'
 * one-time tokens — stored as SHA-256 hashes only, bound to their item, action, message and the
 * prompt fingerprint the message showed.
 */
import type { Migration } from '../migrate.ts';

/** Adds phone_pairing, phone_messages and phone_tokens. */
export const migration0005: Migration = {
  version: 5,
  name: 'phone',
  up(db) {
    db.exec(`
      CREATE TABLE phone_pairing (
        id              INTEGER PRIMARY KEY CHECK (id = 1),
        chat_id         INTEGER,
        user_id         INTEGER,
        user_name       TEXT,
        bot_username    TEXT,
        paired_at       INTEGER,
        update_offset   INTEGER NOT NULL DEFAULT 0,
        last_poll_at    INTEGER,
        last_error      TEXT,
        code_hash       TEXT,
        code_expires_at INTEGER,
        pairing_until   INTEGER
      ) STRICT;
      INSERT INTO phone_pairing (id) VALUES (1);

      CREATE TABLE phone_messages (
        chat_id          INTEGER NOT NULL,
        message_id       INTEGER NOT NULL,
        item_id          TEXT NOT NULL,
        fingerprint      TEXT NOT NULL,
        first_message_id INTEGER NOT NULL,
        -- the message's first line (HTML, escaped), kept so an outcome edit can still name the agent
        header           TEXT NOT NULL,
        step             INTEGER NOT NULL DEFAULT 0,
        live             INTEGER NOT NULL CHECK (live IN (0, 1)),
        sent_at          INTEGER NOT NULL,
        outcome          TEXT,
        PRIMARY KEY (chat_id, message_id)
      ) STRICT;
      -- An item has at most one message holding live buttons.
      CREATE UNIQUE INDEX phone_messages_live ON phone_messages (item_id) WHERE live = 1;
      CREATE INDEX phone_messages_by_item ON phone_messages (item_id);

      CREATE TABLE phone_tokens (
        hash        TEXT PRIMARY KEY,
        item_id     TEXT NOT NULL,
        chat_id     INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        action      TEXT NOT NULL CHECK (action IN ('approve', 'deny', 'snooze')),
        fingerprint TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        used_at     INTEGER,
        revoked_at  INTEGER
      ) STRICT;
      CREATE INDEX phone_tokens_by_message ON phone_tokens (chat_id, message_id);
    `);
  },
};
