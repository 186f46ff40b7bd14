/**
 * Look at a database file's first bytes before SQLite does: a file that is not SQLite at all is
 * reported as corrupt without ever being opened by a library that might write to it.
 */
import fs from 'node:fs';
import { StoreError } from './errors.ts';

const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** Every SQLite file starts with a 100-byte header. */
const HEADER_BYTES = 100;

/** What is at the path: nothing yet, an empty file (SQLite treats it as a new database), or SQLite. */
export type FileShape = 'missing' | 'empty' | 'sqlite';

/** Classify the file at `file`; throws StoreError 'corrupt' when it is not a SQLite database. */
export function inspectDatabaseFile(file: string): FileShape {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  try {
    const head = Buffer.alloc(HEADER_BYTES);
    const read = fs.readSync(fd, head, 0, HEADER_BYTES, 0);
    if (read === 0) return 'empty';
    if (read < HEADER_BYTES) throw new StoreError('corrupt', file, `only ${read} bytes, shorter than a SQLite header`);
    if (!head.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new StoreError('corrupt', file, 'no SQLite header (file is not a database)');
    }
    return 'sqlite';
  } finally {
    fs.closeSync(fd);
  }
}
