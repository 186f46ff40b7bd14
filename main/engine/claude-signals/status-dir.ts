/** Reads the status files in Claude's `sessions/` directory; a bad file is logged and skipped, never fatal. */
import { readdirSync } from 'node:fs';
import { NotRegularFileError, readRegularFileSync } from '../platform/regular-file.ts';
import path from 'node:path';
import type { Logger } from '../platform/log.ts';
import type { ClaudeStatusFile } from './status-file.ts';
import { parseStatusFile } from './status-file.ts';

/** The status file of one pid, or null when absent or unreadable. */
export function readStatusFile(sessionsDir: string, pid: number, logger: Logger): ClaudeStatusFile | null {
  return readOne(path.join(sessionsDir, `${pid}.json`), pid, logger);
}

/** Every readable status file in the directory (an absent directory is empty). */
export function readStatusFiles(sessionsDir: string, logger: Logger): ClaudeStatusFile[] {
  let names: string[];
  try {
    names = readdirSync(sessionsDir);
  } catch {
    return [];
  }
  const out: ClaudeStatusFile[] = [];
  for (const name of names) {
    const match = /^(\d+)\.json$/.exec(name);
    if (match === null) continue;
    const file = readOne(path.join(sessionsDir, name), Number(match[1]), logger);
    if (file !== null) out.push(file);
  }
  return out.sort((a, b) => a.pid - b.pid);
}

function readOne(file: string, pid: number, logger: Logger): ClaudeStatusFile | null {
  let text: string;
  try {
    // Only a regular file: a FIFO named like a status file would block this (synchronous) read forever.
    text = readRegularFileSync(file);
  } catch (error) {
    if (error instanceof NotRegularFileError) logger.log('warn', 'claude.status-file-skipped', { file, error: error.message });
    // Otherwise gone between listing and reading (the session exited): nothing to say.
    return null;
  }
  const parsed = parseStatusFile(text, pid);
  if (parsed.ok) return parsed.file;
  logger.log('warn', 'claude.status-file-skipped', { file, error: parsed.error });
  return null;
}
