/**
 * Version 10: Slack's `Deny with a message…` button. Its token action `deny-ask` joins the
 * slack_tokens CHECK (SQLite changes a CHECK only by rebuilding the table). The modal it opens carries
 * that token back in its `private_metadata`, so no table of asks is needed: the token row already binds
 * the press to its item, message and prompt fingerprint.
 */
import type { Migration } from '../migrate.ts';

/** Rebuilds slack_tokens with the `deny-ask` action. */
export const migration0010: Migration = {
  version: 10,
  name: 'slack-deny-ask',
  up(db) {
    db.exec(`
      CREATE TABLE slack_tokens_v10 (
        hash        TEXT PRIMARY KEY,
        item_id     TEXT NOT NULL,
        channel_id  TEXT NOT NULL,
        ts          TEXT NOT NULL,
        action      TEXT NOT NULL CHECK (action IN ('approve', 'deny', 'snooze', 'deny-ask')),
        fingerprint TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        used_at     INTEGER,
        revoked_at  INTEGER
      ) STRICT;
      INSERT INTO slack_tokens_v10 SELECT hash, item_id, channel_id, ts, action, fingerprint, created_at, used_at, revoked_at
        FROM slack_tokens;
      DROP TABLE slack_tokens;
      ALTER TABLE slack_tokens_v10 RENAME TO slack_tokens;
      CREATE INDEX slack_tokens_by_message ON slack_tokens (channel_id, ts);
      CREATE INDEX slack_tokens_by_created ON slack_tokens (created_at);
    `);
  },
};
