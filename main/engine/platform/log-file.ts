/**
 * The log file of a process with no terminal (the packaged desktop app): JSON lines in the
 * platform's log directory, rotated by size so it never grows without bound. `doctor` and the
 * settings view show its path (`logFilePath`).
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger, LogLevel } from './log.ts';
import { streamLogger } from './log.ts';
import type { PathsInput } from './paths.ts';
import { resolvePaths } from './paths.ts';

/** The log file's name; rotated copies are `trailboss.log.1` (newest) … `.N`. */
export const LOG_FILE_NAME = 'trailboss.log';

/**
 * Where logs go: with `TRAILBOSS_HOME`, its `logs` folder (tests and portable setups keep everything
 * together); else `~/Library/Logs/Trail Boss` (macOS, where Console.app looks), `$XDG_STATE_HOME/trailboss`
 * or `~/.local/state/trailboss` (Linux, the XDG place for logs), `%LOCALAPPDATA%\Trail Boss\logs` (Windows).
 */
export function logDirectory(input: PathsInput): string {
  const override = input.env['TRAILBOSS_HOME'];
  if (override !== undefined && override.trim() !== '') return resolvePaths(input).logs;
  switch (input.platform) {
    case 'darwin':
      return path.posix.join(input.homedir, 'Library', 'Logs', 'Trail Boss');
    case 'win32':
      return path.win32.join(input.env['LOCALAPPDATA'] ?? path.win32.join(input.homedir, 'AppData', 'Local'), 'Trail Boss', 'logs');
    default: {
      const state = input.env['XDG_STATE_HOME'];
      return path.posix.join(
        state !== undefined && path.posix.isAbsolute(state) ? state : path.posix.join(input.homedir, '.local', 'state'),
        'trailboss',
      );
    }
  }
}

/** The current log file's path (for `doctor` and the settings view). */
export function logFilePath(input: PathsInput): string {
  const dir = logDirectory(input);
  return input.platform === 'win32' ? path.win32.join(dir, LOG_FILE_NAME) : path.posix.join(dir, LOG_FILE_NAME);
}

/** Size limit and how many rotated files are kept. */
export interface RotationOptions {
  readonly maxBytes: number;
  readonly keep: number;
}

/** 1 MB × (1 + 4): a few days of an ordinary app's logging, at most 5 MB on disk. */
export const DEFAULT_ROTATION: RotationOptions = { maxBytes: 1024 * 1024, keep: 4 };

/** Shifts `file` → `file.1` → … → `file.keep` (the oldest is dropped). */
export function rotate(file: string, keep: number): void {
  rmSync(`${file}.${keep}`, { force: true });
  for (let i = keep - 1; i >= 1; i--) {
    try {
      renameSync(`${file}.${i}`, `${file}.${i + 1}`);
    } catch {
      // A missing generation is normal until the log has rotated that often.
    }
  }
  if (keep >= 1) renameSync(file, `${file}.1`);
  else rmSync(file, { force: true });
}

/**
 * A logger appending to `file`, rotating before a write would pass `maxBytes`. A write that fails
 * (disk full, folder removed) goes to `fallback` instead: logging must never take the app down.
 */
export function rotatingFileLogger(
  file: string,
  opts: RotationOptions = DEFAULT_ROTATION,
  fallback: (line: string) => void = () => {},
  minLevel: LogLevel = 'info',
): Logger {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  let size = sizeOf(file);
  return streamLogger((line) => {
    try {
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > opts.maxBytes) {
        rotate(file, opts.keep);
        size = 0;
      }
      appendFileSync(file, line, { mode: 0o600 });
      size += bytes;
    } catch {
      fallback(line);
    }
  }, minLevel);
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
