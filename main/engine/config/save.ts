/**
 * Write the config for the settings UI: validate first, then write it atomically (platform/atomic-write),
 * so a crash or a watcher never sees a half-written file.
 */
import { writeFileAtomic } from '../platform/atomic-write.ts';
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
    writeFileAtomic(file, JSON.stringify(input, null, 2) + '\n', { mode: 0o600 });
  } catch (err) {
    return { ok: false, errors: [{ path: '', message: `cannot write ${file}: ${(err as Error).message}` }] };
  }
  return result;
}
