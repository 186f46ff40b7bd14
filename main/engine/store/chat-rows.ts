/**
 * What every chat's repository shares (Telegram's `phone_*` tables, Slack's `slack_*`): the item ↔
 * message rows with at most one live message per item, and the buttons' token hashes with their
 * one-time claims. The chats' tables differ only in their names and in the columns of the chat and
 * message ids (Telegram's integers `chat_id`/`message_id`, Slack's strings `channel_id`/`ts`), so one
 * builder serves both, and a press or typed answer is claimed by the same guarded UPDATEs in each.
 */
import type { Db } from './sql.ts';
import { atomically } from './sql.ts';

/** One chat's tables and the names of its id columns. */
export interface ChatTables {
  readonly messages: string;
  readonly tokens: string;
  /** The chat (or channel) a message is in. */
  readonly chat: string;
  /** The message's id in that chat. */
  readonly id: string;
  /** The id of the item's first message (reminders reply to it or go in its thread). */
  readonly first: string;
}

/** A message row, its ids under common names (`K`: the chat's id type). */
export interface ChatMessageRow<K> {
  readonly chat: K;
  readonly id: K;
  readonly first: K;
  readonly itemId: string;
  readonly fingerprint: string;
  /** The message's first line (escaped for the chat's format), for outcome edits. */
  readonly header: string;
  readonly step: number;
  readonly live: boolean;
  readonly sentAt: number;
  readonly outcome: string | null;
}

/** A button's token row (the hash only), its ids under common names. */
export interface ChatTokenRow<K, A extends string> {
  readonly hash: string;
  readonly itemId: string;
  readonly chat: K;
  readonly id: K;
  readonly action: A;
  readonly fingerprint: string;
  /** When it was pressed (null: not yet). */
  readonly usedAt: number | null;
}

/** A token to store with its message. */
export interface NewToken<A extends string> {
  readonly hash: string;
  readonly itemId: string;
  readonly action: A;
  readonly fingerprint: string;
}

/** Why a press was not honoured (or `claimed`, with the token). */
export type ChatClaim<T> = { readonly kind: 'claimed'; readonly token: T } | { readonly kind: 'unknown' | 'used' | 'revoked' | 'not-live' };

/** How a chat names the ids of its rows (`M`, `T`: its message and token types). */
export interface ChatRowNames<K, A extends string, M, T> {
  readonly message: (r: ChatMessageRow<K>) => M;
  readonly token: (r: ChatTokenRow<K, A>) => T;
}

/** The shared rows of one chat. `also` runs first in the claim's transaction (Telegram moves its poll offset there). */
export interface ChatRows<K, A extends string, M, T> {
  /** Store a sent message and its tokens; the item's earlier live message stops being live and its tokens die. */
  addMessage(m: Omit<ChatMessageRow<K>, 'live' | 'outcome'>, tokens: readonly NewToken<A>[]): void;
  liveMessage(itemId: string): M | null;
  message(chat: K, id: K): M | null;
  /** The most recent message sent (the target of a fresh `y`). */
  latestMessage(): M | null;
  /** Messages still live (holding buttons), oldest first. */
  liveMessages(): M[];
  /** Revoke every token of the item and take its live message down with `outcome`. */
  settle(itemId: string, outcome: string, at: number): void;
  token(hash: string): T | null;
  /** Whether message `id` was sent with a button for `action` (live or not). */
  offered(chat: K, id: K, action: A): boolean;
  /** Mark a live message's unused token used (inside the caller's transaction). */
  useToken(hash: string, chat: K, id: K, at: number): ChatClaim<T>;
  /** Claim a press, once: the message's other buttons die with it and the message stops being live. */
  claimPress(hash: string, chat: K, id: K, at: number, also?: () => void): ChatClaim<T>;
  /** Claim a typed answer to a live message, once. */
  claimTyped(chat: K, id: K, at: number, also?: () => void): boolean;
  /** Delete every message and token (inside the caller's transaction when it does more). */
  clear(): void;
}

interface MessageRow<K> {
  chat: K;
  id: K;
  first: K;
  item_id: string;
  fingerprint: string;
  header: string;
  step: number;
  live: number;
  sent_at: number;
  outcome: string | null;
}

interface TokenRow<K, A> {
  hash: string;
  item_id: string;
  chat: K;
  id: K;
  action: A;
  fingerprint: string;
  used_at: number | null;
  revoked_at: number | null;
}

const toMessage = <K>(r: MessageRow<K>): ChatMessageRow<K> => ({
  chat: r.chat,
  id: r.id,
  first: r.first,
  itemId: r.item_id,
  fingerprint: r.fingerprint,
  header: r.header,
  step: r.step,
  live: r.live === 1,
  sentAt: r.sent_at,
  outcome: r.outcome,
});

const toToken = <K, A extends string>(r: TokenRow<K, A>): ChatTokenRow<K, A> => ({
  hash: r.hash,
  itemId: r.item_id,
  chat: r.chat,
  id: r.id,
  action: r.action,
  fingerprint: r.fingerprint,
  usedAt: r.used_at,
});

/** Build one chat's shared rows over its tables. */
export function createChatRows<K extends number | string, A extends string, M, T>(
  db: Db,
  t: ChatTables,
  names: ChatRowNames<K, A, M, T>,
): ChatRows<K, A, M, T> {
  const msg = `SELECT ${t.chat} AS chat, ${t.id} AS id, ${t.first} AS first, item_id, fingerprint, header, step, live, sent_at, outcome
    FROM ${t.messages}`;
  const tok = `SELECT hash, item_id, ${t.chat} AS chat, ${t.id} AS id, action, fingerprint, used_at, revoked_at FROM ${t.tokens}`;
  const messageBy = db.prepare<[K, K], MessageRow<K>>(`${msg} WHERE ${t.chat} = ? AND ${t.id} = ?`);
  const liveOf = db.prepare<[string], MessageRow<K>>(`${msg} WHERE item_id = ? AND live = 1`);
  const latest = db.prepare<[], MessageRow<K>>(`${msg} ORDER BY sent_at DESC, ${t.id} DESC LIMIT 1`);
  const lives = db.prepare<[], MessageRow<K>>(`${msg} WHERE live = 1 ORDER BY sent_at`);
  const tokenBy = db.prepare<[string], TokenRow<K, A>>(`${tok} WHERE hash = ?`);
  const revokeItem = db.prepare(`UPDATE ${t.tokens} SET revoked_at = ? WHERE item_id = ? AND used_at IS NULL AND revoked_at IS NULL`);
  const revokeMessage = db.prepare(
    `UPDATE ${t.tokens} SET revoked_at = ? WHERE ${t.chat} = ? AND ${t.id} = ? AND used_at IS NULL AND revoked_at IS NULL`,
  );
  const use = db.prepare(`UPDATE ${t.tokens} SET used_at = ? WHERE hash = ? AND used_at IS NULL AND revoked_at IS NULL`);
  const unlive = db.prepare(`UPDATE ${t.messages} SET live = 0 WHERE item_id = ? AND live = 1`);
  const insertMessage = db.prepare(
    `INSERT INTO ${t.messages} (${t.chat}, ${t.id}, item_id, fingerprint, ${t.first}, header, step, live, sent_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)`,
  );
  const insertToken = db.prepare(
    `INSERT INTO ${t.tokens} (hash, item_id, ${t.chat}, ${t.id}, action, fingerprint, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const settleLive = db.prepare(`UPDATE ${t.messages} SET live = 0, outcome = ? WHERE item_id = ? AND live = 1`);
  const offered = db.prepare<[K, K, string], { n: number }>(
    `SELECT count(*) AS n FROM ${t.tokens} WHERE ${t.chat} = ? AND ${t.id} = ? AND action = ?`,
  );
  const pressed = db.prepare(`UPDATE ${t.messages} SET live = 0, outcome = 'pressed' WHERE ${t.chat} = ? AND ${t.id} = ?`);
  const typed = db.prepare(`UPDATE ${t.messages} SET live = 0, outcome = 'typed' WHERE ${t.chat} = ? AND ${t.id} = ? AND live = 1`);
  const messageOf = (r: MessageRow<K>): M => names.message(toMessage(r));
  const found = (r: MessageRow<K> | undefined) => (r ? messageOf(r) : null);

  const useToken = (hash: string, chat: K, id: K, at: number): ChatClaim<T> => {
    const row = tokenBy.get(hash);
    if (!row || row.chat !== chat || row.id !== id) return { kind: 'unknown' };
    if (row.used_at !== null) return { kind: 'used' };
    if (row.revoked_at !== null) return { kind: 'revoked' };
    if (messageBy.get(chat, id)?.live !== 1) return { kind: 'not-live' };
    if (use.run(at, hash).changes !== 1) return { kind: 'used' };
    return { kind: 'claimed', token: names.token({ ...toToken(row), usedAt: at }) };
  };
  return {
    addMessage: (m, tokens) =>
      atomically(db, () => {
        unlive.run(m.itemId);
        revokeItem.run(m.sentAt, m.itemId);
        insertMessage.run(m.chat, m.id, m.itemId, m.fingerprint, m.first, m.header, m.step, m.sentAt);
        for (const k of tokens) insertToken.run(k.hash, k.itemId, m.chat, m.id, k.action, k.fingerprint, m.sentAt);
      }),
    liveMessage: (itemId) => found(liveOf.get(itemId)),
    message: (chat, id) => found(messageBy.get(chat, id)),
    latestMessage: () => found(latest.get()),
    liveMessages: () => lives.all().map(messageOf),
    settle: (itemId, outcome, at) =>
      atomically(db, () => {
        revokeItem.run(at, itemId);
        settleLive.run(outcome, itemId);
      }),
    token: (hash) => {
      const r = tokenBy.get(hash);
      return r ? names.token(toToken(r)) : null;
    },
    offered: (chat, id, action) => offered.get(chat, id, action)!.n > 0,
    useToken,
    claimPress: (hash, chat, id, at, also) =>
      atomically(db, () => {
        also?.();
        const claim = useToken(hash, chat, id, at);
        if (claim.kind !== 'claimed') return claim;
        // One press per message: its other buttons die with this one.
        revokeMessage.run(at, chat, id);
        pressed.run(chat, id);
        return claim;
      }),
    claimTyped: (chat, id, at, also) =>
      atomically(db, () => {
        also?.();
        if (typed.run(chat, id).changes !== 1) return false;
        revokeMessage.run(at, chat, id);
        return true;
      }),
    clear: () => {
      db.prepare(`DELETE FROM ${t.messages}`).run();
      db.prepare(`DELETE FROM ${t.tokens}`).run();
    },
  };
}

/** A pairing in progress, as both chats' pairing rows keep it: the code's hash, when it expires, and until when the engine stays away. */
export function pairingCode(db: Db, pairingTable: string): { begin(codeHash: string, expiresAt: number): void; end(): void } {
  const begin = db.prepare(`UPDATE ${pairingTable} SET code_hash = ?, code_expires_at = ?, pairing_until = ? WHERE id = 1`);
  const end = db.prepare(`UPDATE ${pairingTable} SET code_hash = NULL, code_expires_at = NULL, pairing_until = NULL WHERE id = 1`);
  return { begin: (codeHash, expiresAt) => void begin.run(codeHash, expiresAt, expiresAt), end: () => void end.run() };
}
