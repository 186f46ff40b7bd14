/**
 * How both chats (Telegram, Slack) honour an answer once the chat has read who sent it and to which
 * message: a press whose token was claimed, a typed `y`/`n` or text, `Deny with a message…` and the
 * denial's text. Each step is the same engine action as every surface (`chat-action.ts`), bound to the
 * item and prompt fingerprint the message showed; a typed answer does only what the message's buttons
 * offered and is claimed once. The chats keep only their ids and transports (`ChatMessages` below).
 */
import type { Store } from '../store/index.ts';
import type { PhoneAction } from '../store/index.ts';
import type { TypedAnswer } from './answer-words.ts';
import type { Act, ActDeps } from './chat-action.ts';
import { act } from './chat-action.ts';
import { actionWords } from './outcome-words.ts';
import { notOffered } from './prompt-reply.ts';

/** What an answer needs beyond the engine action. */
export interface AnswerDeps extends ActDeps {
  readonly now: () => number;
}

/** A chat's item message, as far as answering it goes. */
export interface AnsweredMessage {
  readonly itemId: string;
  readonly fingerprint: string;
  readonly live: boolean;
  readonly outcome: string | null;
}

/** A chat's messages: its store's claims in its own ids, and how it shows an outcome. */
export interface ChatMessages<M extends AnsweredMessage> {
  /** How outcome words name the chat (`Approved from Slack 14:02`). */
  readonly via: string;
  /** Whether message `m` was sent with a button for `action`. */
  offered(m: M, action: TypedAnswer): boolean;
  /** Take `m` down for a typed answer, once (false: it was answered or is no longer live). */
  claimTyped(m: M): boolean;
  /** An action took `m` down: show `words` on it, without buttons. */
  settled(m: M, words: string): Promise<void>;
}

/** The answer to a press that was not honoured. */
export function pressRefusal(kind: 'unknown' | 'used' | 'revoked' | 'not-live'): string {
  return kind === 'used' ? 'This was already answered.' : 'This button is out of date. Use the newest message about this agent.';
}

/** The answer to a typed answer whose message was answered already. */
export const ALREADY_ANSWERED = 'That message was already answered.';
/** A `Deny with a message…` pressed on a message whose prompt changed under it. */
export const ASK_CHANGED = 'Not asked: the prompt changed. Look at the newest message.';
/** A denial's text for a prompt that was answered, changed or went. */
export const ASK_STALE = 'Not sent: that prompt was answered, changed or is no longer waiting. Look at the newest message.';
/** A denial's text that says nothing. */
export const ASK_EMPTY = 'Not sent: write what the agent should do instead.';

/** A claimed press: the engine action, then its message (looked up after it) settled; the words said. */
export async function pressClaimed<M extends AnsweredMessage>(
  deps: AnswerDeps,
  chat: ChatMessages<M>,
  token: { readonly action: PhoneAction; readonly itemId: string; readonly fingerprint: string },
  messageAfter: () => M | null,
): Promise<string> {
  const outcome = await act(deps, { action: token.action, itemId: token.itemId, fingerprint: token.fingerprint });
  const words = actionWords(outcome, deps.now(), chat.via);
  const message = messageAfter();
  if (message) await chat.settled(message, words);
  return words;
}

/** Whether a claimed `Deny with a message…` may ask for the text: its item still shows the prompt it was pressed on. */
export function askFits(store: Store, token: { readonly itemId: string; readonly fingerprint: string }): boolean {
  const item = store.items.get(token.itemId);
  return item !== null && (item.fingerprint ?? '') === token.fingerprint;
}

/**
 * A typed answer, or a denial with a message, to `m`: only what its buttons offered, once. The
 * refusal to say, or null once the engine acted (and `m` shows the outcome).
 */
export async function answerMessage<M extends AnsweredMessage>(
  deps: AnswerDeps,
  chat: ChatMessages<M>,
  m: M,
  a: Act,
): Promise<string | null> {
  const needs: TypedAnswer | null = a.action === 'approve' || a.action === 'deny' ? a.action : null;
  if (needs !== null && !chat.offered(m, needs)) return notOffered(needs);
  if (!chat.claimTyped(m)) return ALREADY_ANSWERED;
  const outcome = await act(deps, a);
  await chat.settled(m, actionWords(outcome, deps.now(), chat.via));
  return null;
}

/**
 * Whether the denial's text asked for on `ask` can no longer go: the item's live message in that chat
 * (`live`, null if none: a reminder may have replaced the one the button was on) no longer shows the
 * prompt the button was pressed on, or the item shows another one.
 */
export function askStale(
  store: Store,
  ask: { readonly itemId: string; readonly fingerprint: string },
  live: AnsweredMessage | null,
): boolean {
  const item = store.items.get(ask.itemId);
  return !live || !live.live || live.fingerprint !== ask.fingerprint || (item?.fingerprint ?? '') !== ask.fingerprint;
}

/** The denial's text asked for on `ask`: denies that prompt through the item's live message, once. The refusal, or null. */
export async function denyAsked<M extends AnsweredMessage>(
  deps: AnswerDeps,
  chat: ChatMessages<M>,
  ask: { readonly itemId: string; readonly fingerprint: string },
  live: M | null,
  text: string,
): Promise<string | null> {
  const reason = text.trim();
  if (reason === '') return ASK_EMPTY;
  if (live === null || askStale(deps.store, ask, live)) return ASK_STALE;
  const refused = await answerMessage(deps, chat, live, {
    action: 'deny',
    itemId: ask.itemId,
    fingerprint: ask.fingerprint,
    message: reason,
  });
  return refused === ALREADY_ANSWERED ? ASK_STALE : refused;
}

/**
 * Why a fresh (unthreaded) `y`/`n` does not go to `latest`, the most recent message, or null: it must
 * have been in front of the user (`saw`), still live, and its item must show the same prompt.
 */
export function freshRefusal<M extends AnsweredMessage>(store: Store, latest: M | null, saw: (m: M) => boolean): string | null {
  if (!latest) return 'Nothing is waiting for that answer.';
  if (!saw(latest)) return 'Not sent: a message about a waiting agent came after your answer. Look at it and answer again.';
  if (!latest.live) return `Not sent: the most recent message is out of date (${latest.outcome ?? 'settled'}). Look at the newest message.`;
  const item = store.items.get(latest.itemId);
  if (!item || (item.fingerprint ?? '') !== latest.fingerprint)
    return 'Not sent: the prompt changed since the most recent message. Look at the newest message.';
  return null;
}
