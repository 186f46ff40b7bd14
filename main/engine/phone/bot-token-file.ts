/**
 * The bot token BotFather gave the user lives in one owner-only file next to the per-install API
 * token (`<home>/telegram-bot-token`, 0600 in a 0700 directory) — never in the config, the log, an
 * error message or the audit.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { readSecretFile, writeSecretFile } from '../platform/secret-file.ts';

/** The bot's id: the number before the colon of its token (https://core.telegram.org/bots/api#authorizing-your-bot). */
export function botIdOf(token: string): number {
  return Number(token.slice(0, token.indexOf(':')));
}

/** A bot token's shape: `<bot id>:<secret>` (https://core.telegram.org/bots/api#authorizing-your-bot). */
const BOT_TOKEN_RE = /^\d{5,}:[A-Za-z0-9_-]{30,}$/;

/** The token file under a Trail Boss home. */
export function botTokenPath(home: string): string {
  return path.join(home, 'telegram-bot-token');
}

/** Whether `text` (trimmed) looks like a bot token. The message never quotes the text. */
export function checkBotToken(text: string): { ok: true; token: string } | { ok: false; message: string } {
  const token = text.trim();
  if (BOT_TOKEN_RE.test(token)) return { ok: true, token };
  return { ok: false, message: 'that is not a bot token (BotFather gives one like 123456789:AA…, digits, a colon, then 35 letters)' };
}

/** The saved token, or null when there is none or the file holds something else. Tightens a loose mode. */
export function readBotToken(file: string): string | null {
  return readSecretFile(file, checkBotToken);
}

/** Save the token owner-only (atomically: a reader never sees half of it). */
export function saveBotToken(file: string, token: string): void {
  writeSecretFile(file, token);
}

/** Remove the saved token (unpair). */
export function removeBotToken(file: string): void {
  rmSync(file, { force: true });
}
