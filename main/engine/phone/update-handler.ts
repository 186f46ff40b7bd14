/**
 * What comes from the chat, handled with the desk's guarantees. Only the paired user in the paired
 * private chat is heard; anything else is dropped and never answered. A button press is honoured for
 * a live token of the message holding the item's buttons, once (claimed in the transaction that
 * moves the offset), and goes through the same engine action as every surface, with the fingerprint
 * the message showed — the engine sends nothing if the prompt changed. Typed `y`/`n` and text replies
 * go through the same path. A fresh (unthreaded) `y`/`n` counts only for what the user had seen when
 * they sent it: Telegram's message ids in a chat grow in the order messages were sent, so a message
 * with a higher id than the answer's came after it (the engine was busy, offline or asleep).
 *
 * `Deny with a message…` denies nothing when pressed: it claims its own token only (the message keeps
 * its other buttons) and asks for the text with a forced reply. A reply to that ask denies through the
 * same path as a reply to the prompt's message, only while the prompt it was pressed on still waits.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { Logger } from '../platform/log.ts';
import type { PhoneAsk, PhoneMessage, Store } from '../store/index.ts';
import { freshAnswer } from './answer-words.ts';
import { replyAct, threadedReply } from './prompt-reply.ts';
import type { ChannelUpdate } from './updates.ts';
import { hashOfPressData } from './press-token.ts';
import type { ChatMessages } from './chat-answer.ts';
import { answerMessage, askFits, ASK_CHANGED, denyAsked, freshRefusal, pressClaimed, pressRefusal } from './chat-answer.ts';

/** How a message whose prompt changed under it is settled (a fresh `y` then says so). */
export { PROMPT_CHANGED } from './chat-sync.ts';

/** What the handler asks of the channel around it. */
export interface HandlerDeps {
  readonly store: Store;
  readonly api: ApiMethods;
  readonly logger: Logger;
  readonly now: () => number;
  /** Answer a press (the toast); never for strangers. */
  answerPress(pressId: string, text: string): Promise<void>;
  /** Reply in the paired chat, threaded to `replyTo`. */
  reply(text: string, replyTo: number): Promise<void>;
  /** The message of an item was taken down by an action: edit it to `outcome`, without buttons. */
  settled(message: PhoneMessage, outcome: string): Promise<void>;
  /** Wait for a send of this item that may still be storing its tokens. */
  sendOf(itemId: string): Promise<void>;
  /** Items an action from the phone is working on (the channel sends no new message for them meanwhile). */
  readonly busy: Set<string>;
  /** Send the forced reply asking for a denial's text, as a reply to `message`, and record it (queued, not awaited). */
  askDenial(message: PhoneMessage): void;
  /** Wait for the asks still on their way to the store (a reply to one may come back quickly). */
  asking(): Promise<void>;
}

/** The answer to a `Deny with a message…` press. */
export const ASKED = 'Reply to the new message with what the agent should do instead.';
/** A reply to an ask whose prompt was answered, changed or went. */
export { ASK_STALE } from './chat-answer.ts';

/** Handle a batch of updates in order; each one moves the offset past itself. */
export async function handleUpdates(deps: HandlerDeps, updates: readonly ChannelUpdate[]): Promise<void> {
  for (const u of updates) {
    try {
      await handleOne(deps, u);
    } catch (error) {
      deps.logger.log('warn', 'phone.update-failed', {
        updateId: u.updateId,
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      deps.store.phone.setOffset(u.updateId + 1);
    }
  }
}

async function handleOne(deps: HandlerDeps, u: ChannelUpdate): Promise<void> {
  const pairing = deps.store.phone.pairing();
  if (pairing.chatId === null || pairing.userId === null) return;
  switch (u.kind) {
    case 'other':
      return;
    case 'press': {
      const p = u.press;
      const chat = p.message?.chat;
      // A stranger's press: dropped, never answered (an answer would tell them the bot is alive).
      if (p.from.id !== pairing.userId || !chat || chat.id !== pairing.chatId || chat.type !== 'private') {
        deps.logger.log('info', 'phone.dropped', { kind: 'press', reason: 'not the paired user and chat' });
        return;
      }
      return press(deps, u.updateId, p.id, chat.id, p.message!.message_id, p.data ?? '');
    }
    case 'message': {
      const m = u.message;
      if (m.chat.type !== 'private' || m.chat.id !== pairing.chatId || m.from?.id !== pairing.userId) {
        deps.logger.log('info', 'phone.dropped', { kind: 'message', reason: 'not the paired user and chat' });
        return;
      }
      if (m.text === undefined) return;
      if (m.reply_to_message) return threaded(deps, u.updateId, m.message_id, m.reply_to_message.message_id, m.chat.id, m.text);
      return fresh(deps, u.updateId, m.message_id, m.chat.id, m.text);
    }
  }
}

/** The paired chat's messages, for answers that arrive in update `updateId` (a claim moves the offset past it). */
function chatOf(deps: HandlerDeps, updateId: number): ChatMessages<PhoneMessage> {
  return {
    via: 'Telegram',
    offered: (m, action) => deps.store.phone.offered(m.chatId, m.messageId, action),
    claimTyped: (m) => deps.store.phone.claimTyped(m.chatId, m.messageId, deps.now(), updateId + 1),
    settled: (m, words) => deps.settled(m, words),
  };
}

async function press(deps: HandlerDeps, updateId: number, pressId: string, chatId: number, messageId: number, data: string): Promise<void> {
  const hash = hashOfPressData(data);
  const token = hash === null ? null : deps.store.phone.token(hash);
  if (token) await deps.sendOf(token.itemId);
  if (token?.action === 'deny-ask') return askPress(deps, updateId, pressId, chatId, messageId, token.hash);
  const claim =
    hash === null ? ({ kind: 'unknown' } as const) : deps.store.phone.claimPress(hash, chatId, messageId, deps.now(), updateId + 1);
  if (claim.kind !== 'claimed') return deps.answerPress(pressId, pressRefusal(claim.kind));
  const t = claim.token;
  if (t.action === 'deny-ask') return; // never: looked up above
  const words = await pressClaimed(deps, chatOf(deps, updateId), { ...t, action: t.action }, () =>
    deps.store.phone.message(chatId, messageId),
  );
  await deps.answerPress(pressId, words.slice(0, 200));
}

/** `Deny with a message…`: claim its token once, and ask for the text while the prompt it was on still waits. */
async function askPress(
  deps: HandlerDeps,
  updateId: number,
  pressId: string,
  chatId: number,
  messageId: number,
  hash: string,
): Promise<void> {
  const claim = deps.store.phone.claimAsk(hash, chatId, messageId, deps.now(), updateId + 1);
  if (claim.kind !== 'claimed') return deps.answerPress(pressId, pressRefusal(claim.kind));
  const message = deps.store.phone.message(chatId, messageId);
  if (!message || !askFits(deps.store, claim.token)) return deps.answerPress(pressId, ASK_CHANGED);
  await deps.answerPress(pressId, ASKED);
  deps.askDenial(message);
}

async function threaded(deps: HandlerDeps, updateId: number, ownId: number, replyTo: number, chatId: number, text: string): Promise<void> {
  const message = deps.store.phone.message(chatId, replyTo);
  if (!message) {
    await deps.asking();
    const ask = deps.store.phone.ask(chatId, replyTo);
    if (ask) return askedReply(deps, updateId, ownId, ask, text);
    return deps.reply('That message is not about a waiting agent.', ownId);
  }
  if (!message.live) return deps.reply('That message is out of date: answer the newest message about this agent.', ownId);
  const meaning = threadedReply(text, deps.store.items.get(message.itemId)?.kind);
  if (meaning.kind === 'refuse') return deps.reply(meaning.why, ownId);
  const refused = await answerMessage(
    deps,
    chatOf(deps, updateId),
    message,
    replyAct(meaning, { itemId: message.itemId, fingerprint: message.fingerprint }),
  );
  if (refused !== null) return deps.reply(refused, ownId);
}

/** A reply to an ask: its text denies the prompt the button was on, if that prompt's message still holds its buttons. */
async function askedReply(deps: HandlerDeps, updateId: number, ownId: number, ask: PhoneAsk, text: string): Promise<void> {
  // A reminder may have replaced the message the button was on: the item's live message, same prompt.
  const live = deps.store.phone.liveMessage(ask.itemId);
  const refused = await denyAsked(deps, chatOf(deps, updateId), ask, live?.chatId === ask.chatId ? live : null, text);
  if (refused !== null) return deps.reply(refused, ownId);
}

async function fresh(deps: HandlerDeps, updateId: number, ownId: number, chatId: number, text: string): Promise<void> {
  const answer = freshAnswer(text);
  if (answer === null) {
    if (text.trim().startsWith('/start')) return;
    return deps.reply('To answer an agent, use the buttons, or reply to its message (y, n, or text to type).', ownId);
  }
  const latest = deps.store.phone.latestMessage();
  const refusal = freshRefusal(deps.store, latest, (m) => sawLatest(deps, m, chatId, ownId));
  if (refusal !== null || !latest) return deps.reply(refusal ?? '', ownId);
  const refused = await answerMessage(deps, chatOf(deps, updateId), latest, {
    action: answer,
    itemId: latest.itemId,
    fingerprint: latest.fingerprint,
  });
  if (refused !== null) return deps.reply(refused, ownId);
}

/**
 * Whether the answer `ownId` was sent with `latest` (or a message about the same prompt) in front of
 * the user: `latest` came before the answer, or the newest message before the answer asked the very
 * same prompt (a reminder sent after it repeats what the user answered).
 */
function sawLatest(deps: HandlerDeps, latest: PhoneMessage, chatId: number, ownId: number): boolean {
  if (latest.chatId !== chatId) return false;
  if (latest.messageId < ownId) return true;
  const seen = deps.store.phone.latestMessageBefore(chatId, ownId);
  return seen !== null && seen.itemId === latest.itemId && seen.fingerprint === latest.fingerprint;
}
