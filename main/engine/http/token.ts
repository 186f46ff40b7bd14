/**
 * The per-install API token: 32 random bytes, hex, in a file only the user can read. Created once
 * and reused after, so a hook command or CLI started before a restart still authenticates.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { writeFileAtomic } from '../platform/atomic-write.ts';

const TOKEN_RE = /^[0-9a-f]{64}$/;

/** A token file that exists but does not hold a token (truncated, edited): refuse rather than guess. */
export class TokenFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'TokenFileError';
  }
}

/** Read the token at `file`, creating it (mode 0600, directory 0700) when absent. */
export function loadOrCreateToken(file: string): string {
  const existing = readToken(file);
  if (existing !== null) return existing;
  // Create-only: if another engine won the race its token stands (EEXIST), and a reader never sees
  // a half-written token (a plain 'wx' open of the target could be read empty).
  try {
    writeFileAtomic(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, dirMode: 0o700, exclusive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const token = readToken(file);
  if (token === null) throw new TokenFileError(file, 'vanished right after creation');
  return token;
}

/** The token in `file`, or null when the file does not exist. Tightens a too-open mode to 0600. */
export function readToken(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const token = text.trim();
  if (!TOKEN_RE.test(token)) throw new TokenFileError(file, 'does not hold a 64-hex-digit token; delete it to make a new one');
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return token;
}

/** Constant-time comparison, so response timing does not leak how much of a guess was right. */
export function tokensEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
