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
import type { TypedAnswer } from './answer-words.ts';
import { freshAnswer } from './answer-words.ts';
import { notOffered, replyAct, replyNeedsButton, threadedReply } from './prompt-reply.ts';
import type { ChannelUpdate } from './updates.ts';
import { hashOfPressData } from './press-token.ts';
import { actionWords } from './outcome-words.ts';
import { act } from './chat-action.ts';

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
export const ASK_STALE = 'Not sent: that prompt was answered, changed or is no longer waiting. Look at the newest message.';

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
  const outcome = await act(deps, { action: t.action, itemId: t.itemId, fingerprint: t.fingerprint });
  const words = actionWords(outcome, deps.now());
  await deps.answerPress(pressId, words.slice(0, 200));
  const message = deps.store.phone.message(chatId, messageId);
  if (message) await deps.settled(message, words);
}

const pressRefusal = (kind: 'unknown' | 'used' | 'revoked' | 'not-live'): string =>
  kind === 'used' ? 'This was already answered.' : 'This button is out of date. Use the newest message about this agent.';

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
  const item = deps.store.items.get(claim.token.itemId);
  if (!message || !item || (item.fingerprint ?? '') !== claim.token.fingerprint)
    return deps.answerPress(pressId, 'Not asked: the prompt changed. Look at the newest message.');
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
  // A typed answer, and a denial with a message, count only where the message offered that button.
  const needs = replyNeedsButton(meaning);
  if (needs !== null && !deps.store.phone.offered(chatId, message.messageId, needs)) return deps.reply(notOffered(needs), ownId);
  if (!deps.store.phone.claimTyped(chatId, message.messageId, deps.now(), updateId + 1))
    return deps.reply('That message was already answered.', ownId);
  const outcome = await act(deps, replyAct(meaning, { itemId: message.itemId, fingerprint: message.fingerprint }));
  await deps.settled(message, actionWords(outcome, deps.now()));
}

/** A reply to an ask: its text denies the prompt the button was on, if that prompt's message still holds its buttons. */
async function askedReply(deps: HandlerDeps, updateId: number, ownId: number, ask: PhoneAsk, text: string): Promise<void> {
  const reason = text.trim();
  if (reason === '') return deps.reply('Not sent: write what the agent should do instead.', ownId);
  // A reminder may have replaced the message the button was on: the item's live message, same prompt.
  const message = deps.store.phone.liveMessage(ask.itemId);
  const item = deps.store.items.get(ask.itemId);
  if (!message || message.chatId !== ask.chatId || message.fingerprint !== ask.fingerprint || (item?.fingerprint ?? '') !== ask.fingerprint)
    return deps.reply(ASK_STALE, ownId);
  if (!deps.store.phone.offered(message.chatId, message.messageId, 'deny')) return deps.reply(notOffered('deny'), ownId);
  if (!deps.store.phone.claimTyped(message.chatId, message.messageId, deps.now(), updateId + 1)) return deps.reply(ASK_STALE, ownId);
  const outcome = await act(deps, { action: 'deny', itemId: ask.itemId, fingerprint: ask.fingerprint, message: reason });
  await deps.settled(message, actionWords(outcome, deps.now()));
}

async function fresh(deps: HandlerDeps, updateId: number, ownId: number, chatId: number, text: string): Promise<void> {
  const answer: TypedAnswer | null = freshAnswer(text);
  if (answer === null) {
    if (text.trim().startsWith('/start')) return;
    return deps.reply('To answer an agent, use the buttons, or reply to its message (y, n, or text to type).', ownId);
  }
  const latest = deps.store.phone.latestMessage();
  if (!latest) return deps.reply('Nothing is waiting for that answer.', ownId);
  if (!sawLatest(deps, latest, chatId, ownId))
    return deps.reply('Not sent: a message about a waiting agent came after your answer. Look at it and answer again.', ownId);
  if (!latest.live)
    return deps.reply(
      `Not sent: the most recent message is out of date (${latest.outcome ?? 'settled'}). Look at the newest message.`,
      ownId,
    );
  const item = deps.store.items.get(latest.itemId);
  if (!item || (item.fingerprint ?? '') !== latest.fingerprint)
    return deps.reply('Not sent: the prompt changed since the most recent message. Look at the newest message.', ownId);
  if (!deps.store.phone.offered(chatId, latest.messageId, answer)) return deps.reply(notOffered(answer), ownId);
  if (!deps.store.phone.claimTyped(chatId, latest.messageId, deps.now(), updateId + 1))
    return deps.reply('That message was already answered.', ownId);
  const outcome = await act(deps, { action: answer, itemId: latest.itemId, fingerprint: latest.fingerprint });
  await deps.settled(latest, actionWords(outcome, deps.now()));
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
