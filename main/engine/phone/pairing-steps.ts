/**
 * The steps of pairing that `trailboss phone pair` and the settings view share: ask the bot who it is
 * (getMe), say a Bot API failure in one sentence, save a confirmed pairing (token owner-only, chat and
 * offset in SQLite) and forget one. The token never appears in anything these return or throw.
 */
import type { Store } from '../store/index.ts';
import type { BotApi } from './bot-api.ts';
import { BotApiError } from './bot-api.ts';
import { botIdOf, removeBotToken, saveBotToken } from './bot-token-file.ts';
import type { PairingCandidate } from './pairing.ts';
import { redactedError } from './redact.ts';

/** Whether `text` is an http(s) URL to use as the Bot API base. */
export function isApiBase(text: string): boolean {
  return /^https?:\/\/[^/\s]+\S*$/.test(text);
}

/** The bot's username, from getMe (throws a redacted BotApiError, or an Error when it has none). */
export async function botUsername(bot: BotApi): Promise<string> {
  const me = (await bot.call('getMe')) as { username?: unknown } | null;
  if (typeof me?.username !== 'string' || me.username.length === 0) throw new Error('getMe answered without a username');
  return me.username;
}

/** A Bot API failure as one sentence for the user (never the token). */
export function explainBotFailure(error: unknown, token: string | null = null): string {
  if (error instanceof BotApiError && error.failure === 'unauthorized')
    return 'Telegram refused this bot token (check it with @BotFather, or make a new one)';
  if (error instanceof BotApiError && (error.failure === 'network' || error.failure === 'timeout'))
    return `cannot reach the Telegram Bot API (${redactedError(error, token)}); check the network or the API base`;
  return redactedError(error, token);
}

/** A raw config object with `phone.telegram.apiBase` set (every other key kept). */
export function withApiBase(config: Record<string, unknown>, apiBase: string): Record<string, unknown> {
  const phone = (config['phone'] as Record<string, unknown> | undefined) ?? {};
  const telegram = (phone['telegram'] as Record<string, unknown> | undefined) ?? {};
  return { ...config, phone: { ...phone, telegram: { ...telegram, apiBase } } };
}

/** Save a confirmed pairing: the token owner-only, then the chat, its user and the bot's offset past the /start. */
export function savePairing(
  store: Store,
  tokenFile: string,
  token: string,
  found: PairingCandidate,
  botUsername: string,
  at: number,
): void {
  saveBotToken(tokenFile, token);
  store.transaction(() => {
    store.phone.unpair();
    // The offset belongs to this bot: a new bot counts its updates from its own start.
    store.phone.startOffset(botIdOf(token), found.nextOffset);
    store.phone.pair({ chatId: found.chatId, userId: found.userId, userName: found.name, botUsername, at });
  });
}

/** Forget the pairing and remove the saved token. */
export function forgetPairing(store: Store, tokenFile: string): void {
  store.phone.unpair();
  removeBotToken(tokenFile);
}
