/**
 * The phone channel's persistence: the pairing and poll offset, the item ↔ message map and the
 * buttons' token hashes. A press is claimed in the same transaction that moves the offset past its
 * update, so an update delivered twice can never act twice, and a crash before the commit leaves
 * both undone (the update comes again and is honoured once).
 */
import type { Db } from './sql.ts';
import { atomically } from './sql.ts';
import type { ChatClaim, ChatMessageRow, ChatRows, ChatTokenRow } from './chat-rows.ts';
import { createChatRows, pairingCode } from './chat-rows.ts';

/** The pairing row: who the channel answers, where polling stands, and a pairing in progress. */
export interface PhonePairing {
  readonly chatId: number | null;
  readonly userId: number | null;
  readonly userName: string | null;
  readonly botUsername: string | null;
  readonly pairedAt: number | null;
  /** The next `getUpdates` offset (the last handled update_id + 1), of bot `offsetBotId`. */
  readonly offset: number;
  /** The bot (the id in its token) whose updates `offset` counts; null before any was known. */
  readonly offsetBotId: number | null;
  readonly lastPollAt: number | null;
  /** What stopped or troubles the channel ("unauthorized: …"), already redacted; null when fine. */
  readonly lastError: string | null;
  readonly codeHash: string | null;
  readonly codeExpiresAt: number | null;
  /** `trailboss phone pair` polls until then; the engine leaves the bot alone meanwhile (one poller per token). */
  readonly pairingUntil: number | null;
}

/** A message the bot sent about an item. */
export interface PhoneMessage {
  readonly chatId: number;
  readonly messageId: number;
  readonly itemId: string;
  readonly fingerprint: string;
  readonly firstMessageId: number;
  /** The message's first line (escaped HTML), for outcome edits. */
  readonly header: string;
  readonly step: number;
  readonly live: boolean;
  readonly sentAt: number;
  readonly outcome: string | null;
}

/** A button's token as stored (the hash only). */
export interface PhoneToken {
  readonly hash: string;
  readonly itemId: string;
  readonly chatId: number;
  readonly messageId: number;
  readonly action: TokenAction;
  readonly fingerprint: string;
}

/** What a button does. */
export type PhoneAction = 'approve' | 'deny' | 'snooze';

/** A button's stored action: an engine action, or `deny-ask` (Telegram's `Deny with a message…`: it asks for the text, and does not deny). */
export type TokenAction = PhoneAction | 'deny-ask';

/** A message that asked for a denial's text (ForceReply), bound to the item and prompt its button was on. */
export interface PhoneAsk {
  readonly chatId: number;
  readonly messageId: number;
  readonly itemId: string;
  readonly fingerprint: string;
}

/** Why a press was not honoured (or `claimed`, with the token). */
export type PressClaim = ChatClaim<PhoneToken>;

/** Phone repository. */
export interface PhoneRepo {
  /** The message and token rows as every chat keeps them (what the shared channel code uses). */
  readonly rows: ChatRows<number, TokenAction, PhoneMessage, PhoneToken>;
  pairing(): PhonePairing;
  /** Pair with a chat and user (clears the pending code; the offset stays). */
  pair(p: { chatId: number; userId: number; userName: string; botUsername: string; at: number }): void;
  /** Forget the pairing, every message and every token. */
  unpair(): void;
  /** A pairing in progress: the code's hash, when it expires, and until when the engine leaves polling alone. */
  beginPairing(codeHash: string, expiresAt: number): void;
  endPairing(): void;
  /** Move the offset up to `offset` (never down: an update handled stays handled). */
  setOffset(offset: number): void;
  /** Poll as bot `botId`: the offset of another bot (or of none known) restarts at 0. True when it did. */
  offsetForBot(botId: number): boolean;
  /** The offset of bot `botId` is `offset`, whatever was saved before (a pairing that just read its updates). */
  startOffset(botId: number, offset: number): void;
  recordPoll(at: number, error: string | null): void;
  /** Store a sent message and its tokens; the item's earlier live message stops being live. */
  addMessage(m: Omit<PhoneMessage, 'live' | 'outcome'>, tokens: readonly Omit<PhoneToken, 'chatId' | 'messageId'>[]): void;
  liveMessage(itemId: string): PhoneMessage | null;
  message(chatId: number, messageId: number): PhoneMessage | null;
  /** The most recent message sent (the target of a fresh `y`). */
  latestMessage(): PhoneMessage | null;
  /** The newest message in `chatId` with an id below `messageId` (what the chat showed when that message was sent). */
  latestMessageBefore(chatId: number, messageId: number): PhoneMessage | null;
  /** Messages still live (holding buttons), oldest first. */
  liveMessages(): PhoneMessage[];
  /** Revoke every token of the item and take its live message down with `outcome`. */
  settle(itemId: string, outcome: string, at: number): void;
  token(hash: string): PhoneToken | null;
  /** Whether message `messageId` was sent with a button for `action` (live or not). */
  offered(chatId: number, messageId: number, action: PhoneAction): boolean;
  /** Claim a press and move the offset past its update, in one transaction. */
  claimPress(hash: string, chatId: number, messageId: number, at: number, nextOffset: number): PressClaim;
  /** Claim a typed answer to a live message (once) and move the offset, in one transaction. */
  claimTyped(chatId: number, messageId: number, at: number, nextOffset: number): boolean;
  /**
   * Claim a `deny-ask` press (once) and move the offset, in one transaction. Unlike `claimPress` the
   * message stays live with its other buttons: the press only asks for the denial's text.
   */
  claimAsk(hash: string, chatId: number, messageId: number, at: number, nextOffset: number): PressClaim;
  /** Record a message that asked for a denial's text (not an item's message: the reconcile never sees it). */
  addAsk(a: PhoneAsk & { readonly at: number }): void;
  ask(chatId: number, messageId: number): PhoneAsk | null;
}

interface PairingRow {
  chat_id: number | null;
  user_id: number | null;
  user_name: string | null;
  bot_username: string | null;
  paired_at: number | null;
  update_offset: number;
  offset_bot_id: number | null;
  last_poll_at: number | null;
  last_error: string | null;
  code_hash: string | null;
  code_expires_at: number | null;
  pairing_until: number | null;
}

const phoneMessage = (r: ChatMessageRow<number>): PhoneMessage => {
  const { chat, id, first, ...rest } = r;
  return { chatId: chat, messageId: id, firstMessageId: first, ...rest };
};

const phoneToken = (r: ChatTokenRow<number, TokenAction>): PhoneToken => {
  const { chat, id, usedAt: _usedAt, ...rest } = r;
  return { chatId: chat, messageId: id, ...rest };
};

/** Build the phone repository. */
export function createPhoneRepo(db: Db): PhoneRepo {
  const pairingRow = db.prepare<[], PairingRow>('SELECT * FROM phone_pairing WHERE id = 1');
  const setOffset = db.prepare('UPDATE phone_pairing SET update_offset = MAX(update_offset, ?) WHERE id = 1');
  const code = pairingCode(db, 'phone_pairing');
  const rows = createChatRows(
    db,
    { messages: 'phone_messages', tokens: 'phone_tokens', chat: 'chat_id', id: 'message_id', first: 'first_message_id' },
    { message: phoneMessage, token: phoneToken },
  );
  const moveOffset = (nextOffset: number) => () => void setOffset.run(nextOffset);
  return {
    rows,
    pairing: () => {
      const r = pairingRow.get()!;
      return {
        chatId: r.chat_id,
        userId: r.user_id,
        userName: r.user_name,
        botUsername: r.bot_username,
        pairedAt: r.paired_at,
        offset: r.update_offset,
        offsetBotId: r.offset_bot_id,
        lastPollAt: r.last_poll_at,
        lastError: r.last_error,
        codeHash: r.code_hash,
        codeExpiresAt: r.code_expires_at,
        pairingUntil: r.pairing_until,
      };
    },
    pair: (p) =>
      void db
        .prepare(
          `UPDATE phone_pairing SET chat_id = ?, user_id = ?, user_name = ?, bot_username = ?, paired_at = ?,
             code_hash = NULL, code_expires_at = NULL, pairing_until = NULL, last_error = NULL WHERE id = 1`,
        )
        .run(p.chatId, p.userId, p.userName, p.botUsername, p.at),
    unpair: () =>
      atomically(db, () => {
        db.prepare(
          `UPDATE phone_pairing SET chat_id = NULL, user_id = NULL, user_name = NULL, bot_username = NULL, paired_at = NULL,
             last_poll_at = NULL, last_error = NULL WHERE id = 1`,
        ).run();
        rows.clear();
        db.prepare('DELETE FROM phone_asks').run();
      }),
    beginPairing: code.begin,
    endPairing: code.end,
    setOffset: (offset) => void setOffset.run(offset),
    offsetForBot: (botId) =>
      db.prepare('UPDATE phone_pairing SET update_offset = 0, offset_bot_id = ? WHERE id = 1 AND offset_bot_id IS NOT ?').run(botId, botId)
        .changes === 1,
    startOffset: (botId, offset) =>
      void db.prepare('UPDATE phone_pairing SET update_offset = ?, offset_bot_id = ? WHERE id = 1').run(offset, botId),
    recordPoll: (at, error) =>
      void (error === null
        ? db.prepare('UPDATE phone_pairing SET last_poll_at = ?, last_error = NULL WHERE id = 1').run(at)
        : db.prepare('UPDATE phone_pairing SET last_error = ? WHERE id = 1').run(error)),
    addMessage: (m, tokens) => rows.addMessage({ ...m, chat: m.chatId, id: m.messageId, first: m.firstMessageId }, tokens),
    liveMessage: rows.liveMessage,
    message: rows.message,
    latestMessage: rows.latestMessage,
    latestMessageBefore: (chatId, messageId) => {
      const r = db
        .prepare<[number, number], { message_id: number }>(
          'SELECT message_id FROM phone_messages WHERE chat_id = ? AND message_id < ? ORDER BY message_id DESC LIMIT 1',
        )
        .get(chatId, messageId);
      return r ? rows.message(chatId, r.message_id) : null;
    },
    liveMessages: rows.liveMessages,
    settle: rows.settle,
    token: rows.token,
    offered: rows.offered,
    claimPress: (hash, chatId, messageId, at, nextOffset) => rows.claimPress(hash, chatId, messageId, at, moveOffset(nextOffset)),
    claimAsk: (hash, chatId, messageId, at, nextOffset) =>
      atomically(db, () => {
        setOffset.run(nextOffset);
        return rows.useToken(hash, chatId, messageId, at);
      }),
    addAsk: (a) =>
      void db
        .prepare('INSERT OR REPLACE INTO phone_asks (chat_id, message_id, item_id, fingerprint, asked_at) VALUES (?, ?, ?, ?, ?)')
        .run(a.chatId, a.messageId, a.itemId, a.fingerprint, a.at),
    ask: (chatId, messageId) => {
      const r = db
        .prepare<[number, number], { item_id: string; fingerprint: string }>(
          'SELECT item_id, fingerprint FROM phone_asks WHERE chat_id = ? AND message_id = ?',
        )
        .get(chatId, messageId);
      return r ? { chatId, messageId, itemId: r.item_id, fingerprint: r.fingerprint } : null;
    },
    claimTyped: (chatId, messageId, at, nextOffset) => rows.claimTyped(chatId, messageId, at, moveOffset(nextOffset)),
  };
}
