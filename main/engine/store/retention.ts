/**
 * Retention: how long finished records are kept, and the repository that counts rows and drops
 * the old ones in small batches (the pruner calls it; see pruner.ts). Open items, open wait
 * intervals, panes still watched and a phone message still holding buttons are never touched. The audit log is dropped only when the user
 * set a retention for it, and then only below a horizon the schema itself checks (migration 0004).
 */
import type { Db } from './sql.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days each kind of record is kept; null keeps it for ever. */
export interface RetentionPolicy {
  /** Wait intervals (the activity chart). */
  readonly historyDays: number | null;
  /** Resolved items, the rows of panes gone this long (their settings with them), and the phone's settled messages and their tokens. */
  readonly resolvedItemsDays: number | null;
  /** The audit log of keys and text sent. Null by default: kept unless the user says otherwise. */
  readonly auditDays: number | null;
}

/** Every table the engine writes, in the order they are reported. */
export const STORE_TABLES = [
  'panes',
  'items',
  'resolved_items',
  'watchdog',
  'audit',
  'hook_counters',
  'wait_intervals',
  'phone_messages',
  'phone_tokens',
  'phone_asks',
  'slack_messages',
  'slack_tokens',
] as const;

/** The epoch-ms cutoff for a retention of `days` at `now`; null when kept for ever. */
export function cutoffFor(days: number | null, now: number): number | null {
  return days === null ? null : now - days * DAY_MS;
}

/** Counting and batch deletes, each statement bounded by `limit` rows. */
export interface RetentionRepo {
  /** Rows per table (STORE_TABLES). */
  rowCounts(): Record<string, number>;
  /** Delete up to `limit` resolved items resolved before `before`; returns how many. */
  pruneResolved(before: number, limit: number): number;
  /** Delete up to `limit` closed wait intervals that ended before `before`. */
  pruneHistory(before: number, limit: number): number;
  /** Up to `limit` keys of panes gone (state `gone`) and last seen before `before`, with no open item. */
  gonePanes(before: number, limit: number): string[];
  /**
   * Delete up to `limit` chat messages (Telegram's and Slack's, each) sent before `before` that hold no
   * buttons any more, and up to `limit` button tokens made before it whose message holds none; returns
   * how many rows in all.
   */
  prunePhone(before: number, limit: number): number;
  /** Move the audit horizon up to `before` (never down), then delete up to `limit` audit rows older than it. */
  pruneAudit(before: number, limit: number): number;
}

/** Build the retention repository. */
export function createRetentionRepo(db: Db): RetentionRepo {
  const counts = STORE_TABLES.map((t) => [t, db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${t}`)] as const);
  const resolved = db.prepare(
    'DELETE FROM resolved_items WHERE id IN (SELECT id FROM resolved_items WHERE resolved_at < ? ORDER BY resolved_at LIMIT ?)',
  );
  // started_at < before bounds the scan by its index: an interval that ended before `before` started before it.
  const history = db.prepare(
    `DELETE FROM wait_intervals WHERE id IN (
       SELECT id FROM wait_intervals WHERE started_at < @before AND ended_at IS NOT NULL AND ended_at < @before
       ORDER BY started_at LIMIT @limit)`,
  );
  const gone = db.prepare<[number, number], { pane_key: string }>(
    `SELECT pane_key FROM panes WHERE state = 'gone' AND last_seen < ?
       AND NOT EXISTS (SELECT 1 FROM items WHERE items.pane_key = panes.pane_key) LIMIT ?`,
  );
  const [phoneMessages, phoneTokens] = chatPrunes(db, 'phone', 'm.chat_id = t.chat_id AND m.message_id = t.message_id');
  const phoneAsks = db.prepare(
    'DELETE FROM phone_asks WHERE rowid IN (SELECT rowid FROM phone_asks WHERE asked_at < ? ORDER BY asked_at LIMIT ?)',
  );
  const [slackMessages, slackTokens] = chatPrunes(db, 'slack', 'm.channel_id = t.channel_id AND m.ts = t.ts');
  const horizon = db.prepare('UPDATE audit_retention SET delete_before = MAX(delete_before, ?) WHERE id = 1');
  const audit = db.prepare('DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE at < ? ORDER BY at LIMIT ?)');
  return {
    rowCounts: () => Object.fromEntries(counts.map(([t, q]) => [t, q.get()!.n])),
    pruneResolved: (before, limit) => resolved.run(before, limit).changes,
    pruneHistory: (before, limit) => history.run({ before, limit }).changes,
    prunePhone: (before, limit) =>
      db
        .transaction(
          () =>
            phoneMessages.run(before, limit).changes +
            phoneTokens.run({ before, limit }).changes +
            phoneAsks.run(before, limit).changes +
            slackMessages.run(before, limit).changes +
            slackTokens.run({ before, limit }).changes,
        )
        .immediate(),
    gonePanes: (before, limit) => gone.all(before, limit).map((r) => r.pane_key),
    pruneAudit: (before, limit) =>
      db
        .transaction(() => {
          horizon.run(before);
          return audit.run(before, limit).changes;
        })
        .immediate(),
  };
}

/**
 * A chat channel's two prunes (`<chat>_messages`, `<chat>_tokens`): sent messages no longer live, and
 * press tokens whose message is not live. `sameMessage` joins a token `t` to its message `m`.
 */
function chatPrunes(db: Db, chat: 'phone' | 'slack', sameMessage: string) {
  const messages = db.prepare(
    `DELETE FROM ${chat}_messages WHERE rowid IN (
       SELECT rowid FROM ${chat}_messages WHERE sent_at < ? AND live = 0 ORDER BY sent_at LIMIT ?)`,
  );
  const tokens = db.prepare(
    `DELETE FROM ${chat}_tokens WHERE rowid IN (
       SELECT t.rowid FROM ${chat}_tokens t WHERE t.created_at < @before AND NOT EXISTS (
         SELECT 1 FROM ${chat}_messages m WHERE ${sameMessage} AND m.live = 1)
       ORDER BY t.created_at LIMIT @limit)`,
  );
  return [messages, tokens] as const;
}
