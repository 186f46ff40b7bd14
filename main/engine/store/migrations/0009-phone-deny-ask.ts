/**
 * Version 9: Telegram's `Deny with a message…` button. Its token action `deny-ask` joins the
 * phone_tokens CHECK (SQLite changes a CHECK only by rebuilding the table), and phone_asks keeps the
 * ForceReply messages that ask for the text: plain replies the reconcile never manages, each bound to
 * the item and prompt fingerprint its button was pressed on, so a reply to one finds its item.
 */
import type { Migration } from '../migrate.ts';

/** Rebuilds phone_tokens with the `deny-ask` action; adds phone_asks. */
export const migration0009: Migration = {
  version: 9,
  name: 'phone-deny-ask',
  up(db) {
    db.exec(`
      CREATE TABLE phone_tokens_v9 (
        hash        TEXT PRIMARY KEY,
        item_id     TEXT NOT NULL,
        chat_id     INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        action      TEXT NOT NULL CHECK (action IN ('approve', 'deny', 'snooze', 'deny-ask')),
        fingerprint TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        used_at     INTEGER,
        revoked_at  INTEGER
      ) STRICT;
      INSERT INTO phone_tokens_v9 SELECT hash, item_id, chat_id, message_id, action, fingerprint, created_at, used_at, revoked_at
        FROM phone_tokens;
      DROP TABLE phone_tokens;
      ALTER TABLE phone_tokens_v9 RENAME TO phone_tokens;
      CREATE INDEX phone_tokens_by_message ON phone_tokens (chat_id, message_id);
      CREATE INDEX phone_tokens_by_created ON phone_tokens (created_at);

      CREATE TABLE phone_asks (
        chat_id     INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        item_id     TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        asked_at    INTEGER NOT NULL,
        PRIMARY KEY (chat_id, message_id)
      ) STRICT;
      CREATE INDEX phone_asks_by_asked ON phone_asks (asked_at);
    `);
  },
};
