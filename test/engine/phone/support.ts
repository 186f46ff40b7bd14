/**
 * The real engine on a private tmux server, talking to the stand-in Bot API (Telegram itself cannot
 * be reached from here): a paired chat, quick pairing checks and a short long-poll so a test never
 * waits on the defaults.
 */
import { botIdOf, botTokenPath, saveBotToken } from '../../../main/engine/phone/bot-token-file.ts';
import type { StoredMessage, TgUser } from '../../support/bot-api/stand-in.ts';
import { BotApiStandIn } from '../../support/bot-api/stand-in.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import type { ChatSetup } from '../../support/chat-rig.ts';
import { startChatHarness } from '../../support/chat-rig.ts';
import { poll } from '../../support/poll.ts';

/** The paired user (their private chat has the same id, as in Telegram). */
export const OWNER: TgUser = { id: 4242, first_name: 'Ada', username: 'ada' };
/** Someone else who found the bot. */
export const STRANGER: TgUser = { id: 6666, first_name: 'Mallory' };

/** A harness with its stand-in. */
export interface PhoneRig {
  readonly h: EngineHarness;
  readonly tg: BotApiStandIn;
  dispose(): Promise<void>;
}

/** The engine set up for Telegram's stand-in: its API base, its bot token, a short long-poll and quick checks. */
export function telegramSetup(tg: BotApiStandIn): ChatSetup {
  return {
    configKey: 'telegram',
    apiBase: tg.apiBase,
    saveTokens: (tbHome) => saveBotToken(botTokenPath(tbHome), tg.token),
    engine: { phone: { pollTimeoutS: 2, minSendIntervalMs: 50, checkMs: 100, requestTimeoutMs: 3000 } },
  };
}

/** Start the stand-in and an engine pointed at it, then pair OWNER's private chat. */
export async function startPhoneRig(opts: { config?: Record<string, unknown>; paired?: boolean; api?: boolean } = {}): Promise<PhoneRig> {
  const tg = await BotApiStandIn.start();
  const h = await startChatHarness([telegramSetup(tg)], opts);
  if (opts.paired !== false) pairOwner(h, tg);
  return {
    h,
    tg,
    async dispose() {
      await h.dispose();
      await tg.close();
    },
  };
}

/** OWNER says /start (a bot may write only to someone who wrote first) and the store pairs them, as `phone pair` would. */
export function pairOwner(h: EngineHarness, tg: BotApiStandIn): void {
  const start = tg.sendText(OWNER, '/start');
  h.engine.store.phone.startOffset(botIdOf(tg.token), start + 1);
  h.engine.store.phone.pair({ chatId: OWNER.id, userId: OWNER.id, userName: 'Ada (@ada)', botUsername: tg.bot.username!, at: Date.now() });
}

/** The bot's messages to OWNER that hold buttons now. */
export function liveMessages(tg: BotApiStandIn): StoredMessage[] {
  return tg.botMessages(OWNER.id).filter((m) => m.keyboard !== null);
}

/** The bot's messages to OWNER about items (the ones the engine stored), oldest first. */
export function itemMessages(rig: PhoneRig): StoredMessage[] {
  return rig.tg.botMessages(OWNER.id).filter((m) => rig.h.engine.store.phone.message(OWNER.id, m.message_id) !== null);
}

/** The bot's plain replies (not item messages) to OWNER, oldest first. */
export function botReplies(rig: PhoneRig): string[] {
  const items = new Set(itemMessages(rig).map((m) => m.message_id));
  return rig.tg
    .botMessages(OWNER.id)
    .filter((m) => !items.has(m.message_id))
    .map((m) => m.text);
}

/** Wait for the `n`th item message (1-based) and return it. */
export async function waitForMessage(rig: PhoneRig, n = 1): Promise<StoredMessage> {
  return poll(() => itemMessages(rig)[n - 1], `item message ${n} to the owner`);
}

/** The button texts of a message. */
export function buttonTexts(m: StoredMessage): string[] {
  return (m.keyboard ?? []).flat().map((b) => b.text);
}

/** Wait until the stand-in answered `n` presses; return the last answer's text. */
export async function waitForAnswer(tg: BotApiStandIn, n: number): Promise<string> {
  const a = await poll(() => (tg.answers.length >= n ? tg.answers[n - 1] : null), `press answer ${n}`);
  return a.text;
}
