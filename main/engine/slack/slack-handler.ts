/**
 * What comes from Slack, handled with the desk's guarantees (the Telegram handler's rules, on
 * Slack's ids). Only the paired user in their DM with the bot is heard; anything else is dropped and
 * never answered. A press is honoured for a live token of the message holding the item's buttons,
 * once (claimed in the store), and goes through the same engine action as every surface with the
 * fingerprint the message showed. A `y`/`n` in a message's thread answers that message's prompt; text
 * in the thread of an idle agent's message is typed into it, other text in a permission prompt's thread
 * denies it with that message (phone/prompt-reply.ts, as on Telegram); a bare `y`/`n` answers the most recent
 * message only if it is live, its prompt unchanged, and it was posted before the answer was written
 * (or the newest message before the answer asked the very same prompt: a reminder repeats it). A
 * typed answer does only what the message's buttons offer (no Approve where its text was hidden).
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { Logger } from '../platform/log.ts';
import type { SlackMessage, Store } from '../store/index.ts';
import { freshAnswer } from '../phone/answer-words.ts';
import { notOffered, replyAct, replyNeedsButton, threadedReply } from '../phone/prompt-reply.ts';
import { act } from '../phone/chat-action.ts';
import { actionWords } from '../phone/outcome-words.ts';
import { hashOfPressData } from '../phone/press-token.ts';
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
}

/** Whether Slack timestamp `a` is earlier than `b` (`<seconds>.<micros>`, compared exactly). */
export function tsBefore(a: string, b: string): boolean {
  const big = (t: string) => {
    const [s = '0', f = ''] = t.split('.');
    return BigInt(s) * 1_000_000n + BigInt((f + '000000').slice(0, 6));
  };
  return big(a) < big(b);
}

/** Handle one input. */
export async function handleSlackInput(deps: SlackHandlerDeps, input: SlackInput): Promise<void> {
  const pairing = deps.store.slack.pairing();
  if (pairing.userId === null || pairing.channelId === null || input.kind === 'other') return;
  const ours = input.userId === pairing.userId && input.channelId === pairing.channelId;
  if (!ours || (input.kind === 'message' && input.channelType !== 'im')) {
    // A stranger, or the paired user somewhere else: dropped, never answered.
    deps.logger.log('info', 'slack.dropped', { kind: input.kind, reason: 'not the paired user in their DM' });
    return;
  }
  if (input.kind === 'press') return press(deps, input.channelId, input.ts, input.value);
  if (input.threadTs !== null && input.threadTs !== input.ts) return threaded(deps, input.channelId, input.threadTs, input.text);
  return fresh(deps, input.channelId, input.ts, input.text);
}

async function press(deps: SlackHandlerDeps, channelId: string, ts: string, value: string): Promise<void> {
  const hash = hashOfPressData(value);
  const token = hash === null ? null : deps.store.slack.token(hash);
  if (token) await deps.sendOf(token.itemId);
  const claim = hash === null ? ({ kind: 'unknown' } as const) : deps.store.slack.claimPress(hash, channelId, ts, deps.now());
  const thread = deps.store.slack.message(channelId, ts)?.firstTs ?? ts;
  if (claim.kind !== 'claimed') {
    deps.logger.log('info', 'slack.press-refused', { reason: claim.kind });
    return deps.reply(
      claim.kind === 'used' ? 'This was already answered.' : 'This button is out of date. Use the newest message about this agent.',
      thread,
    );
  }
  const t = claim.token;
  const outcome = await act(deps, { action: t.action, itemId: t.itemId, fingerprint: t.fingerprint });
  const message = deps.store.slack.message(channelId, ts);
  if (message) await deps.settled(message, actionWords(outcome, deps.now(), 'Slack'));
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
  // A typed answer, and a denial with a message, count only where the message offered that button.
  const needs = replyNeedsButton(meaning);
  if (needs !== null && !deps.store.slack.offered(channelId, live.ts, needs)) return deps.reply(notOffered(needs), threadTs);
  if (!deps.store.slack.claimTyped(channelId, live.ts, deps.now())) return deps.reply('That message was already answered.', threadTs);
  const outcome = await act(deps, replyAct(meaning, { itemId: live.itemId, fingerprint: live.fingerprint }));
  await deps.settled(live, actionWords(outcome, deps.now(), 'Slack'));
}

async function fresh(deps: SlackHandlerDeps, channelId: string, ts: string, text: string): Promise<void> {
  const answer = freshAnswer(text);
  if (answer === null)
    return deps.reply('To answer an agent, use the buttons, or reply in its message’s thread (y, n, or text to type).', null);
  const latest = deps.store.slack.latestMessage();
  if (!latest) return deps.reply('Nothing is waiting for that answer.', null);
  if (!sawLatest(deps, latest, channelId, ts))
    return deps.reply('Not sent: a message about a waiting agent came after your answer. Look at it and answer again.', null);
  if (!latest.live)
    return deps.reply(
      `Not sent: the most recent message is out of date (${latest.outcome ?? 'settled'}). Look at the newest message.`,
      null,
    );
  const item = deps.store.items.get(latest.itemId);
  if (!item || (item.fingerprint ?? '') !== latest.fingerprint)
    return deps.reply('Not sent: the prompt changed since the most recent message. Look at the newest message.', null);
  if (!deps.store.slack.offered(channelId, latest.ts, answer)) return deps.reply(notOffered(answer), null);
  if (!deps.store.slack.claimTyped(channelId, latest.ts, deps.now())) return deps.reply('That message was already answered.', null);
  const outcome = await act(deps, { action: answer, itemId: latest.itemId, fingerprint: latest.fingerprint });
  await deps.settled(latest, actionWords(outcome, deps.now(), 'Slack'));
}

/** Whether `latest` (or a message about the very same prompt) was in front of the user when they wrote at `ts`. */
function sawLatest(deps: SlackHandlerDeps, latest: SlackMessage, channelId: string, ts: string): boolean {
  if (latest.channelId !== channelId) return false;
  if (tsBefore(latest.ts, ts)) return true;
  const seen = deps.store.slack.recentMessages(channelId, 50).find((m) => tsBefore(m.ts, ts)) ?? null;
  return seen !== null && seen.itemId === latest.itemId && seen.fingerprint === latest.fingerprint;
}
