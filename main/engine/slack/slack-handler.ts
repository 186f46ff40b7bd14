/**
 * What comes from Slack, handled with the desk's guarantees (the Telegram handler's rules, on
 * Slack's ids, through the shared phone/chat-answer.ts). Only the paired user in their DM with the bot
 * is heard; anything else is dropped and never answered. A press is honoured for a live token of the
 * message holding the item's buttons, once (claimed in the store), and goes through the same engine
 * action as every surface with the fingerprint the message showed. A `y`/`n` in a message's thread
 * answers that message's prompt; text in the thread of an idle agent's message is typed into it, other
 * text in a permission prompt's thread denies it with that message (phone/prompt-reply.ts, as on
 * Telegram); a bare `y`/`n` answers the most recent message only if it is live, its prompt unchanged,
 * and it was posted before the answer was written (or the newest message before the answer asked the
 * very same prompt: a reminder repeats it). A typed answer does only what the message's buttons offer
 * (no Approve where its text was hidden).
 *
 * `Deny with a message…` denies nothing when pressed: it claims its own token once (the message keeps
 * its other buttons) and opens a form (`views.open` with the press's `trigger_id`) that carries the
 * token back. Its submission is checked before it is acknowledged (`formAnswer`: empty, too long, or a
 * prompt that was answered, changed or went keeps the form open with the reason), then denies the
 * prompt the button was on with the text through the item's live message, once — only while that
 * message still shows the prompt the button was pressed on.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { Logger } from '../platform/log.ts';
import type { SlackMessage, SlackToken, Store } from '../store/index.ts';
import { freshAnswer } from '../phone/answer-words.ts';
import type { ChatMessages } from '../phone/chat-answer.ts';
import {
  answerMessage,
  askFits,
  ASK_CHANGED,
  ASK_STALE,
  askStale,
  denyAsked,
  freshRefusal,
  pressClaimed,
  pressRefusal,
} from '../phone/chat-answer.ts';
import { replyAct, threadedReply } from '../phone/prompt-reply.ts';
import { hashOfPressData } from '../phone/press-token.ts';
import { denyTextProblem, formErrors } from './slack-deny-form.ts';
import type { SlackInput } from './slack-events.ts';

/** What the handler asks of the channel around it. */
export interface SlackHandlerDeps {
  readonly store: Store;
  readonly api: ApiMethods;
  readonly logger: Logger;
  readonly now: () => number;
  /** Items an action from Slack is working on. */
  readonly busy: Set<string>;
  /** Post `text` in the paired DM, in the thread of `threadTs` (null: unthreaded). */
  reply(text: string, threadTs: string | null): Promise<void>;
  /** An action took the message down: update it to `outcome`, without buttons. */
  settled(message: SlackMessage, outcome: string): Promise<void>;
  /** Wait for a post of this item that may still be storing its tokens. */
  sendOf(itemId: string): Promise<void>;
  /** Open the `Deny with a message…` form for `message`, carrying the press data `data`; false if Slack refused. */
  openForm(triggerId: string, message: SlackMessage, data: string): Promise<boolean>;
}

/** Said in the thread when the form could not be opened (Slack's trigger lasts 3 s). */
export const FORM_NOT_OPENED = 'The form did not open in time. Reply in this thread with what the agent should do instead.';

/** Whether Slack timestamp `a` is earlier than `b` (`<seconds>.<micros>`, compared exactly). */
export function tsBefore(a: string, b: string): boolean {
  const big = (t: string) => {
    const [s = '0', f = ''] = t.split('.');
    return BigInt(s) * 1_000_000n + BigInt((f + '000000').slice(0, 6));
  };
  return big(a) < big(b);
}

/** Whether `input` comes from the paired user (and for a press or a DM, in their DM with the bot). */
function fromPairedUser(store: Store, input: SlackInput): boolean {
  const pairing = store.slack.pairing();
  if (pairing.userId === null || pairing.channelId === null || input.kind === 'other') return false;
  if (input.userId !== pairing.userId) return false;
  // A form's submission names no channel: its token says which message it was opened from.
  if (input.kind === 'submit') return true;
  return input.channelId === pairing.channelId && (input.kind === 'press' || input.channelType === 'im');
}

/**
 * The acknowledgement a submission of the form carries (checked before Slack's 3 s are up): the
 * reason under the field when the text or the prompt will not do, else nothing (the form closes).
 * A stranger's submission closes with nothing said.
 */
export function formAnswer(store: Store, input: SlackInput): Record<string, unknown> | undefined {
  if (input.kind !== 'submit' || !fromPairedUser(store, input)) return undefined;
  const problem = denyTextProblem(input.text);
  if (problem !== null) return formErrors(problem);
  const ask = askOf(store, input.data);
  if (!ask || askStale(store, ask, liveFor(store, ask))) return formErrors(ASK_STALE);
  return undefined;
}

/** Handle one input; `formRefused`: its acknowledgement kept the form open with a reason (nothing more to do). */
export async function handleSlackInput(deps: SlackHandlerDeps, input: SlackInput, formRefused = false): Promise<void> {
  if (input.kind === 'other' || deps.store.slack.pairing().userId === null) return;
  if (!fromPairedUser(deps.store, input)) {
    // A stranger, or the paired user somewhere else: dropped, never answered.
    deps.logger.log('info', 'slack.dropped', { kind: input.kind, reason: 'not the paired user in their DM' });
    return;
  }
  if (input.kind === 'submit') return formRefused ? undefined : submitted(deps, input.data, input.text ?? '');
  if (input.kind === 'press') return press(deps, input.channelId, input.ts, input.value, input.triggerId);
  if (input.threadTs !== null && input.threadTs !== input.ts) return threaded(deps, input.channelId, input.threadTs, input.text);
  return fresh(deps, input.channelId, input.ts, input.text);
}

/** The paired DM's messages, for the shared answer rules. */
function chatOf(deps: SlackHandlerDeps): ChatMessages<SlackMessage> {
  return {
    via: 'Slack',
    offered: (m, action) => deps.store.slack.offered(m.channelId, m.ts, action),
    claimTyped: (m) => deps.store.slack.claimTyped(m.channelId, m.ts, deps.now()),
    settled: (m, words) => deps.settled(m, words),
  };
}

async function press(deps: SlackHandlerDeps, channelId: string, ts: string, value: string, triggerId: string | null): Promise<void> {
  const hash = hashOfPressData(value);
  const token = hash === null ? null : deps.store.slack.token(hash);
  if (token) await deps.sendOf(token.itemId);
  const thread = deps.store.slack.message(channelId, ts)?.firstTs ?? ts;
  if (token?.action === 'deny-ask') return askPress(deps, channelId, ts, token.hash, value, triggerId, thread);
  const claim = hash === null ? ({ kind: 'unknown' } as const) : deps.store.slack.claimPress(hash, channelId, ts, deps.now());
  if (claim.kind !== 'claimed') {
    deps.logger.log('info', 'slack.press-refused', { reason: claim.kind });
    return deps.reply(pressRefusal(claim.kind), thread);
  }
  const t = claim.token;
  if (t.action === 'deny-ask') return; // never: looked up above
  await pressClaimed(deps, chatOf(deps), { ...t, action: t.action }, () => deps.store.slack.message(channelId, ts));
}

/** `Deny with a message…`: claim its token once, and open the form while the prompt it was on still waits. */
async function askPress(
  deps: SlackHandlerDeps,
  channelId: string,
  ts: string,
  hash: string,
  value: string,
  triggerId: string | null,
  thread: string,
): Promise<void> {
  const claim = deps.store.slack.claimAsk(hash, channelId, ts, deps.now());
  if (claim.kind !== 'claimed') return deps.reply(pressRefusal(claim.kind), thread);
  const message = deps.store.slack.message(channelId, ts);
  if (!message || !askFits(deps.store, claim.token)) return deps.reply(ASK_CHANGED, thread);
  if (triggerId === null || !(await deps.openForm(triggerId, message, value))) return deps.reply(FORM_NOT_OPENED, thread);
}

/** The pressed `Deny with a message…` token a form carries back, in the paired DM; null if it is none. */
function askOf(store: Store, data: string): SlackToken | null {
  const hash = hashOfPressData(data);
  const token = hash === null ? null : store.slack.token(hash);
  const channelId = store.slack.pairing().channelId;
  return token && token.action === 'deny-ask' && token.usedAt !== null && token.channelId === channelId ? token : null;
}

/** The item's live message in the ask's DM (a reminder may have replaced the one the button was on). */
function liveFor(store: Store, ask: SlackToken): SlackMessage | null {
  const live = store.slack.liveMessage(ask.itemId);
  return live?.channelId === ask.channelId ? live : null;
}

/** The form's text: denies the prompt its button was on, once, through the item's live message. */
async function submitted(deps: SlackHandlerDeps, data: string, text: string): Promise<void> {
  const ask = askOf(deps.store, data);
  if (!ask) {
    deps.logger.log('info', 'slack.form-refused', { reason: 'not a pressed Deny with a message… of the paired DM' });
    return;
  }
  const refused = await denyAsked(deps, chatOf(deps), ask, liveFor(deps.store, ask), text);
  if (refused !== null) return deps.reply(refused, deps.store.slack.message(ask.channelId, ask.ts)?.firstTs ?? ask.ts);
}

async function threaded(deps: SlackHandlerDeps, channelId: string, threadTs: string, text: string): Promise<void> {
  const root = deps.store.slack.message(channelId, threadTs);
  if (!root) return deps.reply('That thread is not about a waiting agent.', threadTs);
  const live = deps.store.slack.liveMessage(root.itemId);
  // Only the thread the item's live message is in: after a changed prompt, the old thread is stale.
  if (!live || live.firstTs !== root.firstTs)
    return deps.reply('This thread is out of date: answer the newest message about this agent.', threadTs);
  // y/n answer; text to an idle agent is typed; other text to a permission prompt denies it with that message.
  const meaning = threadedReply(text, deps.store.items.get(live.itemId)?.kind);
  if (meaning.kind === 'refuse') return deps.reply(meaning.why, threadTs);
  const refused = await answerMessage(deps, chatOf(deps), live, replyAct(meaning, { itemId: live.itemId, fingerprint: live.fingerprint }));
  if (refused !== null) return deps.reply(refused, threadTs);
}

async function fresh(deps: SlackHandlerDeps, channelId: string, ts: string, text: string): Promise<void> {
  const answer = freshAnswer(text);
  if (answer === null)
    return deps.reply('To answer an agent, use the buttons, or reply in its message’s thread (y, n, or text to type).', null);
  const latest = deps.store.slack.latestMessage();
  const refusal = freshRefusal(deps.store, latest, (m) => sawLatest(deps, m, channelId, ts));
  if (refusal !== null || !latest) return deps.reply(refusal ?? '', null);
  const refused = await answerMessage(deps, chatOf(deps), latest, {
    action: answer,
    itemId: latest.itemId,
    fingerprint: latest.fingerprint,
  });
  if (refused !== null) return deps.reply(refused, null);
}

/** Whether `latest` (or a message about the very same prompt) was in front of the user when they wrote at `ts`. */
function sawLatest(deps: SlackHandlerDeps, latest: SlackMessage, channelId: string, ts: string): boolean {
  if (latest.channelId !== channelId) return false;
  if (tsBefore(latest.ts, ts)) return true;
  const seen = deps.store.slack.recentMessages(channelId, 50).find((m) => tsBefore(m.ts, ts)) ?? null;
  return seen !== null && seen.itemId === latest.itemId && seen.fingerprint === latest.fingerprint;
}
