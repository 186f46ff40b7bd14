/**
 * Write the config for the settings UI: validate first, then write a temp file beside the target
 * and rename it over, so a crash or a watcher never sees a half-written file.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fd = fs.openSync(tmp, 'w', 0o600);
    try {
      fs.writeFileSync(fd, JSON.stringify(input, null, 2) + '\n');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    return { ok: false, errors: [{ path: '', message: `cannot write ${file}: ${(err as Error).message}` }] };
  }
  return result;
}
