/**
 * Reading files whose path came from outside (a transcript path in a hook, a status file in Claude's
 * directory) without letting the file decide how long we wait: opened with O_NONBLOCK (a FIFO cannot
 * block the open), checked with fstat on the opened descriptor (a swap after the check changes
 * nothing: it is this file we read), and every read bounded by one time limit.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';

/** Default time limit for reading one outside file, start to end. */
export const READ_LIMIT_MS = 10_000;

const FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/** The path is not a regular file (a FIFO, a device, a directory, a socket). */
export class NotRegularFileError extends Error {
  constructor(readonly path: string) {
    super(`${path} is not a regular file; not read`);
    this.name = 'NotRegularFileError';
  }
}

/** A read took longer than its limit. */
export class ReadTimeoutError extends Error {
  constructor(
    readonly path: string,
    readonly limitMs: number,
  ) {
    super(`reading ${path} took longer than ${limitMs} ms; given up`);
    this.name = 'ReadTimeoutError';
  }
}

/** An opened regular file: its size when opened, and reads that fail once the time limit is up. */
export interface BoundedFile {
  readonly size: number;
  /** Like FileHandle.read; `position` null reads on from the last read. Returns the bytes read. */
  read(buffer: Buffer, offset: number, length: number, position: number | null): Promise<number>;
}

/**
 * Open `path` if it is a regular file and run `body` on it within `limitMs` (all reads together).
 * Rejects with NotRegularFileError or ReadTimeoutError (or the open's own error); the file is closed
 * either way (after a time-out without waiting for the stuck read).
 */
export async function readRegularFile<T>(path: string, body: (file: BoundedFile) => Promise<T>, limitMs = READ_LIMIT_MS): Promise<T> {
  const handle: FileHandle = await open(path, FLAGS);
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new ReadTimeoutError(path, limitMs));
    }, limitMs);
    timer.unref();
  });
  deadline.catch(() => undefined);
  try {
    const stats = await Promise.race([handle.stat(), deadline]);
    if (!stats.isFile()) throw new NotRegularFileError(path);
    const file: BoundedFile = {
      size: stats.size,
      read: async (buffer, offset, length, position) => {
        if (timedOut) throw new ReadTimeoutError(path, limitMs);
        return (await Promise.race([handle.read(buffer, offset, length, position), deadline])).bytesRead;
      },
    };
    return await Promise.race([body(file), deadline]);
  } finally {
    clearTimeout(timer);
    // A read still stuck in the thread pool holds the close back: do not wait for it then.
    if (timedOut) void handle.close().catch(() => undefined);
    else await handle.close();
  }
}

/** Synchronous read of a small regular file (a status file) as UTF-8; NotRegularFileError for anything else. */
export function readRegularFileSync(path: string): string {
  const fd = openSync(path, FLAGS);
  try {
    if (!fstatSync(fd).isFile()) throw new NotRegularFileError(path);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}
