/**
 * Button tokens: 128 random bits per button, sent as `callback_data` `v1:<22 base64url>` (25 bytes,
 * inside Telegram's 1–64; https://core.telegram.org/bots/api#inlinekeyboardbutton) and stored only as
 * a SHA-256 hash. The data is opaque: it names nothing, and a forged one matches no row.
 */
import { createHash, randomBytes } from 'node:crypto';

const DATA_RE = /^v1:[A-Za-z0-9_-]{22}$/;

/** A fresh token: what the button carries and what the store keeps. */
export function newPressToken(): { data: string; hash: string } {
  const data = `v1:${randomBytes(16).toString('base64url')}`;
  return { data, hash: hashSecret(data) };
}

/** The stored hash of a button's data, or null when the data is not one of ours (then nothing matches). */
export function hashOfPressData(data: string): string | null {
  return DATA_RE.test(data) ? hashSecret(data) : null;
}

/** SHA-256, hex: how tokens and pairing codes are stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
