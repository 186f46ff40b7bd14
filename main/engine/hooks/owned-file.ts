/**
 * A whole file Trail Boss owns inside an agent's config (the opencode plugin, Copilot CLI's hook file): written
 * only when absent or ours, removed only when ours; a file of that name someone else wrote is never touched.
 */
import { existsSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../platform/atomic-write.ts';

/** The file's text, or null when it does not exist (other read errors are thrown). */
export function readTextOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** How to tell our file and how to refuse another's. */
export interface OwnedFileRules {
  readonly isOurs: (text: string) => boolean;
  /** The error thrown (nothing changed) when the file is someone else's. */
  readonly foreign: (message: string) => Error;
}

/** Write `text` unless it is already there; true when the file changed. Throws `foreign(...)` over a file not ours. */
export function writeOwnedFile(file: string, text: string, rules: OwnedFileRules, what: string): boolean {
  const current = readTextOrNull(file);
  if (current !== null && !rules.isOurs(current)) throw rules.foreign(`${file} exists and is not Trail Boss's ${what}: move it away first`);
  if (current === text) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, text);
  return true;
}

/** Remove the file when it is ours; true when it was removed. Throws `foreign(...)` for a file not ours. */
export function removeOwnedFile(file: string, rules: OwnedFileRules, what: string): boolean {
  const current = readTextOrNull(file);
  if (current === null) return false;
  if (!rules.isOurs(current)) throw rules.foreign(`${file} is not Trail Boss's ${what}: left as it is`);
  if (existsSync(file)) unlinkSync(file);
  return true;
}
