/**
 * The Slack channel's persistence: the pairing (the paired user, their DM with the bot, the bot's own
 * user), the item ↔ message map and the buttons' token hashes. Slack redelivers an envelope that was
 * not acknowledged (and may deliver one twice across a reconnect), so a press or a typed answer is
 * claimed here with one guarded UPDATE: whatever arrives twice acts once.
 */
import type { Db } from './sql.ts';
import { atomically } from './sql.ts';
import type { PhoneAction, TokenAction } from './phone-repo.ts';

/** The pairing row. */
export interface SlackPairing {
  readonly teamId: string | null;
  readonly userId: string | null;
  readonly userName: string | null;
  /** The DM between the paired user and the bot (`D…`): where messages go and the only place heard. */
  readonly channelId: string | null;
  readonly botUserId: string | null;
  readonly botName: string | null;
  readonly pairedAt: number | null;
  readonly lastConnectedAt: number | null;
  /** Whether the engine's socket is connected now (as last recorded). */
  readonly connected: boolean;
  /** What stopped or troubles the channel, already redacted; null when fine. */
  readonly lastError: string | null;
  readonly codeHash: string | null;
  readonly codeExpiresAt: number | null;
  /** `trailboss slack pair` holds the app's socket until then; the engine leaves it alone meanwhile. */
  readonly pairingUntil: number | null;
}

/** A message the bot posted about an item (`ts` is Slack's message id). */
export interface SlackMessage {
  readonly channelId: string;
  readonly ts: string;
  readonly itemId: string;
  readonly fingerprint: string;
  /** The item's first message: reminders and replies go in its thread. */
  readonly firstTs: string;
  /** The message's first line (escaped mrkdwn), for outcome edits. */
  readonly header: string;
  readonly step: number;
  readonly live: boolean;
  readonly sentAt: number;
  readonly outcome: string | null;
}

/** A button's token as stored (the hash only). */
export interface SlackToken {
  readonly hash: string;
  readonly itemId: string;
  readonly channelId: string;
  readonly ts: string;
  /** An engine action, or `deny-ask` (`Deny with a message…`: it opens a form for the text, and does not deny). */
  readonly action: TokenAction;
  readonly fingerprint: string;
  /** When it was pressed (null: not yet). */
  readonly usedAt: number | null;
}

/** Why a press was not honoured (or `claimed`, with the token). */
export type SlackPressClaim =
  { readonly kind: 'claimed'; readonly token: SlackToken } | { readonly kind: 'unknown' | 'used' | 'revoked' | 'not-live' };

/** Slack repository. */
export interface SlackRepo {
  pairing(): SlackPairing;
  /** Pair with a user and their DM (clears the pending code). */
  pair(p: {
    teamId: string | null;
    userId: string;
    userName: string;
    channelId: string;
    botUserId: string;
    botName: string;
    at: number;
  }): void;
  /** Forget the pairing, every message and every token. */
  unpair(): void;
  beginPairing(codeHash: string, expiresAt: number): void;
  endPairing(): void;
  /** The socket connected (`error` null) or dropped/failed (its redacted message). */
  recordConnection(at: number, connected: boolean, error: string | null): void;
  /** Store a posted message and its tokens; the item's earlier live message stops being live. */
  addMessage(m: Omit<SlackMessage, 'live' | 'outcome'>, tokens: readonly Omit<SlackToken, 'channelId' | 'ts' | 'usedAt'>[]): void;
  liveMessage(itemId: string): SlackMessage | null;
  message(channelId: string, ts: string): SlackMessage | null;
  /** The most recent message posted (the target of a fresh `y`). */
  latestMessage(): SlackMessage | null;
  /** Messages of `channelId`, newest first (at most `limit`): to find the newest one before a ts. */
  recentMessages(channelId: string, limit: number): SlackMessage[];
  /** Whether message `ts` was posted with a button for `action` (live or not). */
  offered(channelId: string, ts: string, action: PhoneAction): boolean;
  liveMessages(): SlackMessage[];
  /** Revoke every token of the item and take its live message down with `outcome`. */
  settle(itemId: string, outcome: string, at: number): void;
  token(hash: string): SlackToken | null;
  /** Claim a press (once): its token must be live and on the message that holds the item's buttons. */
  claimPress(hash: string, channelId: string, ts: string, at: number): SlackPressClaim;
  /** Claim a typed answer to a live message (once). */
  claimTyped(channelId: string, ts: string, at: number): boolean;
  /**
   * Claim a `deny-ask` press (once). Unlike `claimPress` the message stays live with its other
   * buttons: the press only opens the form that asks for the denial's text.
   */
  claimAsk(hash: string, channelId: string, ts: string, at: number): SlackPressClaim;
}

interface PairingRow {
  team_id: string | null;
  user_id: string | null;
  user_name: string | null;
  channel_id: string | null;
  bot_user_id: string | null;
  bot_name: string | null;
  paired_at: number | null;
  last_connected_at: number | null;
  connected: number;
  last_error: string | null;
  code_hash: string | null;
  code_expires_at: number | null;
  pairing_until: number | null;
}

interface MessageRow {
  channel_id: string;
  ts: string;
  item_id: string;
  fingerprint: string;
  first_ts: string;
  header: string;
  step: number;
  live: number;
  sent_at: number;
  outcome: string | null;
}

interface TokenRow {
  hash: string;
  item_id: string;
  channel_id: string;
  ts: string;
  action: TokenAction;
  fingerprint: string;
  used_at: number | null;
  revoked_at: number | null;
}

const toMessage = (r: MessageRow): SlackMessage => ({
  channelId: r.channel_id,
  ts: r.ts,
  itemId: r.item_id,
  fingerprint: r.fingerprint,
  firstTs: r.first_ts,
  header: r.header,
  step: r.step,
  live: r.live === 1,
  sentAt: r.sent_at,
  outcome: r.outcome,
});

const toToken = (r: TokenRow): SlackToken => ({
  hash: r.hash,
  itemId: r.item_id,
  channelId: r.channel_id,
  ts: r.ts,
  action: r.action,
  fingerprint: r.fingerprint,
  usedAt: r.used_at,
});

/** Build the Slack repository. */
export function createSlackRepo(db: Db): SlackRepo {
  const pairingRow = db.prepare<[], PairingRow>('SELECT * FROM slack_pairing WHERE id = 1');
  const messageBy = db.prepare<[string, string], MessageRow>('SELECT * FROM slack_messages WHERE channel_id = ? AND ts = ?');
  const liveOf = db.prepare<[string], MessageRow>('SELECT * FROM slack_messages WHERE item_id = ? AND live = 1');
  const tokenBy = db.prepare<[string], TokenRow>('SELECT * FROM slack_tokens WHERE hash = ?');
  const revokeItem = db.prepare('UPDATE slack_tokens SET revoked_at = ? WHERE item_id = ? AND used_at IS NULL AND revoked_at IS NULL');
  const revokeMessage = db.prepare(
    'UPDATE slack_tokens SET revoked_at = ? WHERE channel_id = ? AND ts = ? AND used_at IS NULL AND revoked_at IS NULL',
  );
  /** Use a live token of the message that holds the item's buttons, once. */
  const useToken = (hash: string, channelId: string, ts: string, at: number): SlackPressClaim => {
    const row = tokenBy.get(hash);
    if (!row || row.channel_id !== channelId || row.ts !== ts) return { kind: 'unknown' };
    if (row.used_at !== null) return { kind: 'used' };
    if (row.revoked_at !== null) return { kind: 'revoked' };
    if (messageBy.get(channelId, ts)?.live !== 1) return { kind: 'not-live' };
    const used = db.prepare('UPDATE slack_tokens SET used_at = ? WHERE hash = ? AND used_at IS NULL AND revoked_at IS NULL').run(at, hash);
    if (used.changes !== 1) return { kind: 'used' };
    return { kind: 'claimed', token: { ...toToken(row), usedAt: at } };
  };
  const endPairing = () =>
    void db.prepare('UPDATE slack_pairing SET code_hash = NULL, code_expires_at = NULL, pairing_until = NULL WHERE id = 1').run();
  return {
    pairing: () => {
      const r = pairingRow.get()!;
      return {
        teamId: r.team_id,
        userId: r.user_id,
        userName: r.user_name,
        channelId: r.channel_id,
        botUserId: r.bot_user_id,
        botName: r.bot_name,
        pairedAt: r.paired_at,
        lastConnectedAt: r.last_connected_at,
        connected: r.connected === 1,
        lastError: r.last_error,
        codeHash: r.code_hash,
        codeExpiresAt: r.code_expires_at,
        pairingUntil: r.pairing_until,
      };
    },
    pair: (p) =>
      atomically(db, () => {
        db.prepare('DELETE FROM slack_messages').run();
        db.prepare('DELETE FROM slack_tokens').run();
        db.prepare(
          `UPDATE slack_pairing SET team_id = ?, user_id = ?, user_name = ?, channel_id = ?, bot_user_id = ?, bot_name = ?,
             paired_at = ?, last_error = NULL, connected = 0, code_hash = NULL, code_expires_at = NULL, pairing_until = NULL
           WHERE id = 1`,
        ).run(p.teamId, p.userId, p.userName, p.channelId, p.botUserId, p.botName, p.at);
      }),
    unpair: () =>
      atomically(db, () => {
        db.prepare(
          `UPDATE slack_pairing SET team_id = NULL, user_id = NULL, user_name = NULL, channel_id = NULL, bot_user_id = NULL,
             bot_name = NULL, paired_at = NULL, last_connected_at = NULL, connected = 0, last_error = NULL WHERE id = 1`,
        ).run();
        db.prepare('DELETE FROM slack_messages').run();
        db.prepare('DELETE FROM slack_tokens').run();
      }),
    beginPairing: (codeHash, expiresAt) =>
      void db
        .prepare('UPDATE slack_pairing SET code_hash = ?, code_expires_at = ?, pairing_until = ? WHERE id = 1')
        .run(codeHash, expiresAt, expiresAt),
    endPairing,
    recordConnection: (at, connected, error) =>
      void (connected
        ? db.prepare('UPDATE slack_pairing SET last_connected_at = ?, connected = 1, last_error = NULL WHERE id = 1').run(at)
        : db.prepare('UPDATE slack_pairing SET connected = 0, last_error = COALESCE(?, last_error) WHERE id = 1').run(error)),
    addMessage: (m, tokens) =>
      atomically(db, () => {
        db.prepare('UPDATE slack_messages SET live = 0 WHERE item_id = ? AND live = 1').run(m.itemId);
        revokeItem.run(m.sentAt, m.itemId);
        db.prepare(
          `INSERT INTO slack_messages (channel_id, ts, item_id, fingerprint, first_ts, header, step, live, sent_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)`,
        ).run(m.channelId, m.ts, m.itemId, m.fingerprint, m.firstTs, m.header, m.step, m.sentAt);
        const insert = db.prepare(
          'INSERT INTO slack_tokens (hash, item_id, channel_id, ts, action, fingerprint, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        );
        for (const t of tokens) insert.run(t.hash, t.itemId, m.channelId, m.ts, t.action, t.fingerprint, m.sentAt);
      }),
    liveMessage: (itemId) => {
      const r = liveOf.get(itemId);
      return r ? toMessage(r) : null;
    },
    message: (channelId, ts) => {
      const r = messageBy.get(channelId, ts);
      return r ? toMessage(r) : null;
    },
    latestMessage: () => {
      const r = db.prepare<[], MessageRow>('SELECT * FROM slack_messages ORDER BY sent_at DESC, ts DESC LIMIT 1').get();
      return r ? toMessage(r) : null;
    },
    recentMessages: (channelId, limit) =>
      db
        .prepare<[string, number], MessageRow>('SELECT * FROM slack_messages WHERE channel_id = ? ORDER BY sent_at DESC, ts DESC LIMIT ?')
        .all(channelId, limit)
        .map(toMessage),
    offered: (channelId, ts, action) =>
      db
        .prepare<[string, string, string], { n: number }>(
          'SELECT count(*) AS n FROM slack_tokens WHERE channel_id = ? AND ts = ? AND action = ?',
        )
        .get(channelId, ts, action)!.n > 0,
    liveMessages: () => db.prepare<[], MessageRow>('SELECT * FROM slack_messages WHERE live = 1 ORDER BY sent_at').all().map(toMessage),
    settle: (itemId, outcome, at) =>
      atomically(db, () => {
        revokeItem.run(at, itemId);
        db.prepare('UPDATE slack_messages SET live = 0, outcome = ? WHERE item_id = ? AND live = 1').run(outcome, itemId);
      }),
    token: (hash) => {
      const r = tokenBy.get(hash);
      return r ? toToken(r) : null;
    },
    claimPress: (hash, channelId, ts, at) =>
      atomically(db, (): SlackPressClaim => {
        const claim = useToken(hash, channelId, ts, at);
        if (claim.kind !== 'claimed') return claim;
        // One press per message: its other buttons die with this one.
        revokeMessage.run(at, channelId, ts);
        db.prepare("UPDATE slack_messages SET live = 0, outcome = 'pressed' WHERE channel_id = ? AND ts = ?").run(channelId, ts);
        return claim;
      }),
    claimAsk: (hash, channelId, ts, at) => atomically(db, () => useToken(hash, channelId, ts, at)),
    claimTyped: (channelId, ts, at) =>
      atomically(db, () => {
        const taken = db
          .prepare("UPDATE slack_messages SET live = 0, outcome = 'typed' WHERE channel_id = ? AND ts = ? AND live = 1")
          .run(channelId, ts);
        if (taken.changes !== 1) return false;
        revokeMessage.run(at, channelId, ts);
        return true;
      }),
  };
}
