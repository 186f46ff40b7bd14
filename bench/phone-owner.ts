/** The phone phase's Telegram user, and pairing them through the store as `trailboss phone pair` ends (both phone measures use it). */
import { botIdOf } from '../main/engine/phone/bot-token-file.ts';
import type { PhoneRepo } from '../main/engine/store/index.ts';
import type { BotApiStandIn, TgUser } from '../test/support/bot-api/stand-in.ts';

/** The paired user (their private chat has the same id). */
export const OWNER: TgUser = { id: 4242, first_name: 'Bench' };

/** Pair OWNER's chat: their `/start` is consumed (the poll offset moved past it) and the pairing stored. */
export function pairInStore(phone: PhoneRepo, tg: BotApiStandIn): void {
  const start = tg.sendText(OWNER, '/start');
  phone.startOffset(botIdOf(tg.token), start + 1);
  phone.pair({ chatId: OWNER.id, userId: OWNER.id, userName: 'Bench', botUsername: tg.bot.username!, at: Date.now() });
}
