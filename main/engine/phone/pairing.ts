/**
 * Pairing, once, from the desk: a one-time code (96 random bits, valid 10 minutes, stored hashed) in
 * a `t.me/<bot>?start=<code>` link; the user taps Start and Telegram sends `/start <code>` from their
 * private chat (https://core.telegram.org/bots/features#deep-linking: the payload is up to 64
 * characters of `A-Za-z0-9_-`). This waits for exactly that message and nothing else.
 */
import { randomBytes } from 'node:crypto';
import type { BotApi } from './bot-api.ts';
import { BotApiError, UPDATES_PER_POLL } from './bot-api.ts';
import { pause, retryDelayMs } from './backoff.ts';
import { hashSecret } from './press-token.ts';
import { displayName, readUpdates } from './updates.ts';

/** How long a pairing code is good for. */
export const PAIRING_CODE_MS = 10 * 60_000;

/** A fresh code and the hash the store keeps. */
export function newPairingCode(): { code: string; hash: string } {
  const code = randomBytes(12).toString('base64url');
  return { code, hash: hashSecret(code) };
}

/** The deep link that opens the bot with the code. */
export function pairingLink(botUsername: string, code: string): string {
  return `https://t.me/${botUsername}?start=${code}`;
}

/** Who tapped Start with the code. */
export interface PairingCandidate {
  readonly chatId: number;
  readonly userId: number;
  readonly name: string;
  /** The offset past the /start update. */
  readonly nextOffset: number;
}

/**
 * Poll until a private chat sends `/start <code>` (whose hash is `codeHash`), the deadline passes
 * (null) or `signal` aborts (null). Every update seen is confirmed; transient failures back off.
 */
export async function waitForStart(
  bot: BotApi,
  codeHash: string,
  opts: { deadline: number; signal: AbortSignal; now: () => number; pollTimeoutS?: number },
): Promise<PairingCandidate | null> {
  let offset = 0;
  let attempt = 0;
  while (!opts.signal.aborted && opts.now() < opts.deadline) {
    const timeout = Math.max(1, Math.min(opts.pollTimeoutS ?? 25, Math.ceil((opts.deadline - opts.now()) / 1000)));
    let result: unknown;
    try {
      result = await bot.call(
        'getUpdates',
        { offset, timeout, limit: UPDATES_PER_POLL, allowed_updates: ['message'] },
        { signal: opts.signal, extraMs: timeout * 1000 },
      );
      attempt = 0;
    } catch (error) {
      if (opts.signal.aborted) return null;
      const e = error instanceof BotApiError ? error : new BotApiError('network', String(error));
      const delay = retryDelayMs(e.failure, attempt++, e.retryAfterS);
      if (delay === null) throw e;
      await pause(delay, opts.signal);
      continue;
    }
    const before = offset;
    for (const u of readUpdates(result)) {
      offset = Math.max(offset, u.updateId + 1);
      if (u.kind !== 'message' || u.message.chat.type !== 'private' || !u.message.from) continue;
      const match = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})$/.exec((u.message.text ?? '').trim());
      if (match && hashSecret(match[1]!) === codeHash)
        return { chatId: u.message.chat.id, userId: u.message.from.id, name: displayName(u.message.from), nextOffset: offset };
    }
    // Entries without a usable update_id move nothing: wait (as the channel's poller does) instead of spinning.
    if (Array.isArray(result) && result.length > 0 && offset === before)
      await pause(retryDelayMs('bad-request', attempt++, null) ?? 1_000, opts.signal);
  }
  return null;
}
