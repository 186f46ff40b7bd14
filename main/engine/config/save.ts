/**
 * Write the config for the settings UI: validate first, then write it atomically (platform/atomic-write),
 * so a crash or a watcher never sees a half-written file. Only the changed keys of the file on disk
 * are edited, so the user's comments and layout stay (config/jsonc-text.ts).
 */
import fs from 'node:fs';
import { writeFileAtomic } from '../platform/atomic-write.ts';
import { writeJsonc } from './jsonc-text.ts';
import { validateConfig, type ConfigResult } from './load.ts';
import type { ConfigInput } from './schema.ts';

/**
 * Validate `input` and, if valid, write it to `file` atomically as given (a partial config keeps
 * the file short; missing keys keep following the defaults). Invalid input writes nothing; a
 * write failure is reported as an issue on the file as a whole.
 */
export function saveConfig(file: string, input: ConfigInput): ConfigResult {
  const result = validateConfig(input);
  if (!result.ok) return result;
  try {
    writeFileAtomic(file, writeJsonc(readIfExists(file), input), { mode: 0o600 });
  } catch (err) {
    return { ok: false, errors: [{ path: '', message: `cannot write ${file}: ${(err as Error).message}` }] };
  }
  return result;
}

/** The file's text, or null when there is none (or it cannot be read: then it is replaced whole). */
function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}
