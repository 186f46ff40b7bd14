/**
 * A secret (a bot or app token) kept alone in an owner-only file: 0600 in a 0700 directory, written
 * atomically so a reader never sees half of it. Reading tightens a loose mode.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write.ts';
import { ownerOnlyFiles } from './owner-only.ts';

/** The secret `check` accepts from the file, or null when there is no file or it holds something else. */
export function readSecretFile(file: string, check: (text: string) => { ok: true; token: string } | { ok: false }): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  ownerOnlyFiles(file);
  const checked = check(text);
  return checked.ok ? checked.token : null;
}

/** Save the secret owner-only and atomically. */
export function writeSecretFile(file: string, secret: string): void {
  writeFileAtomic(file, `${secret}\n`, { mode: 0o600, dirMode: 0o700 });
}
