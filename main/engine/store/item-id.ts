/** Short item ids a human can type (`trailboss approve k7q2m9xd`): 8 chars of lowercase base32. */
import { randomBytes } from 'node:crypto';

// Crockford's alphabet without i, l, o, u: nothing to misread, no accidental words.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A fresh random 40-bit id in 8 base32 characters. */
export function randomItemId(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let id = '';
  for (let i = 0; i < 8; i++) {
    id = ALPHABET.charAt(Number(bits & 31n)) + id;
    bits >>= 5n;
  }
  return id;
}

/** Does this look like an item id (as opposed to a pane reference)? */
export function isItemId(text: string): boolean {
  return /^[0-9a-hjkmnp-tv-z]{8}$/.test(text);
}
