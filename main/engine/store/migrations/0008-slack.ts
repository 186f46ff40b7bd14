/**
 * Version 8: the Slack channel, beside Telegram's tables (Slack's ids are strings: users `U…`, DM
 * channels `D…`, messages by their `ts`). One pairing row (the paired user and their DM with the bot,
 * the bot's own user id and name, a pairing in progress, the last connection and error), the item ↔
 * message map, and the buttons' one-time tokens, stored as SHA-256 hashes only, bound to their item,
 * action, message and the prompt fingerprint the message showed.
 */
import type { Migration } from '../migrate.ts';

/** Adds slack_pairing, slack_messages and slack_tokens. */
export const migration0008: Migration = {
  version: 8,
  name: 'slack',
  up(db) {
    db.exec(`
      CREATE TABLE slack_pairing (
        id                INTEGER PRIMARY KEY CHECK (id = 1),
        team_id           TEXT,
        user_id           TEXT,
        user_name         TEXT,
        channel_id        TEXT,
        bot_user_id       TEXT,
        bot_name          TEXT,
        paired_at         INTEGER,
        last_connected_at INTEGER,
        connected         INTEGER NOT NULL DEFAULT 0 CHECK (connected IN (0, 1)),
        last_error        TEXT,
        code_hash         TEXT,
        code_expires_at   INTEGER,
        pairing_until     INTEGER
      ) STRICT;
      INSERT INTO slack_pairing (id) VALUES (1);

      CREATE TABLE slack_messages (
        channel_id TEXT NOT NULL,
        ts         TEXT NOT NULL,
        item_id    TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        first_ts   TEXT NOT NULL,
        -- the message's first line (mrkdwn, escaped), kept so an outcome edit can still name the agent
        header     TEXT NOT NULL,
        step       INTEGER NOT NULL DEFAULT 0,
        live       INTEGER NOT NULL CHECK (live IN (0, 1)),
        sent_at    INTEGER NOT NULL,
        outcome    TEXT,
        PRIMARY KEY (channel_id, ts)
      ) STRICT;
      CREATE UNIQUE INDEX slack_messages_live ON slack_messages (item_id) WHERE live = 1;
      CREATE INDEX slack_messages_by_item ON slack_messages (item_id);

      CREATE TABLE slack_tokens (
        hash        TEXT PRIMARY KEY,
        item_id     TEXT NOT NULL,
        channel_id  TEXT NOT NULL,
        ts          TEXT NOT NULL,
        action      TEXT NOT NULL CHECK (action IN ('approve', 'deny', 'snooze')),
        fingerprint TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        used_at     INTEGER,
        revoked_at  INTEGER
      ) STRICT;
      CREATE INDEX slack_tokens_by_message ON slack_tokens (channel_id, ts);
      -- pruned with the resolved items, as the phone's rows (retention.ts)
      CREATE INDEX slack_messages_by_sent ON slack_messages (sent_at) WHERE live = 0;
      CREATE INDEX slack_tokens_by_created ON slack_tokens (created_at);
    `);
  },
};
