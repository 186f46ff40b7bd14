/**
 * The Slack channel's persistence: the pairing (the paired user, their DM with the bot, the bot's own
 * user), the item ↔ message map and the buttons' token hashes. Slack redelivers an envelope that was
 * not acknowledged (and may deliver one twice across a reconnect), so a press or a typed answer is
 * claimed here with one guarded UPDATE: whatever arrives twice acts once.
 */
import type { Db } from './sql.ts';
import { atomically } from './sql.ts';
import type { PhoneAction, TokenAction } from './phone-repo.ts';
import type { ChatClaim, ChatMessageRow, ChatRows, ChatTokenRow } from './chat-rows.ts';
import { createChatRows, pairingCode } from './chat-rows.ts';

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
export type SlackPressClaim = ChatClaim<SlackToken>;

/** Slack repository. */
export interface SlackRepo {
  /** The message and token rows as every chat keeps them (what the shared channel code uses). */
  readonly rows: ChatRows<string, TokenAction, SlackMessage, SlackToken>;
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

const slackMessage = (r: ChatMessageRow<string>): SlackMessage => {
  const { chat, id, first, ...rest } = r;
  return { channelId: chat, ts: id, firstTs: first, ...rest };
};

const slackToken = (r: ChatTokenRow<string, TokenAction>): SlackToken => {
  const { chat, id, ...rest } = r;
  return { channelId: chat, ts: id, ...rest };
};

/** Build the Slack repository. */
export function createSlackRepo(db: Db): SlackRepo {
  const pairingRow = db.prepare<[], PairingRow>('SELECT * FROM slack_pairing WHERE id = 1');
  const code = pairingCode(db, 'slack_pairing');
  const rows = createChatRows(
    db,
    { messages: 'slack_messages', tokens: 'slack_tokens', chat: 'channel_id', id: 'ts', first: 'first_ts' },
    { message: slackMessage, token: slackToken },
  );
  return {
    rows,
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
        rows.clear();
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
        rows.clear();
      }),
    beginPairing: code.begin,
    endPairing: code.end,
    recordConnection: (at, connected, error) =>
      void (connected
        ? db.prepare('UPDATE slack_pairing SET last_connected_at = ?, connected = 1, last_error = NULL WHERE id = 1').run(at)
        : db.prepare('UPDATE slack_pairing SET connected = 0, last_error = COALESCE(?, last_error) WHERE id = 1').run(error)),
    addMessage: (m, tokens) => rows.addMessage({ ...m, chat: m.channelId, id: m.ts, first: m.firstTs }, tokens),
    liveMessage: rows.liveMessage,
    message: rows.message,
    latestMessage: rows.latestMessage,
    recentMessages: (channelId, limit) =>
      db
        .prepare<[string, number], { ts: string }>(
          'SELECT ts FROM slack_messages WHERE channel_id = ? ORDER BY sent_at DESC, ts DESC LIMIT ?',
        )
        .all(channelId, limit)
        .flatMap((r) => rows.message(channelId, r.ts) ?? []),
    offered: rows.offered,
    liveMessages: rows.liveMessages,
    settle: rows.settle,
    token: rows.token,
    claimPress: (hash, channelId, ts, at) => rows.claimPress(hash, channelId, ts, at),
    claimAsk: (hash, channelId, ts, at) => atomically(db, () => rows.useToken(hash, channelId, ts, at)),
    claimTyped: (channelId, ts, at) => rows.claimTyped(channelId, ts, at),
  };
}
