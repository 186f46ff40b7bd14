/**
 * The one durable file write: a private temp file beside the target, written and fsynced, then
 * renamed (or hard-linked, for create-only) over the target, then the directory fsynced. A reader
 * sees the old file or the new one, never half of one; after a crash or power loss the new name
 * points at the new content, not at an empty or stale inode.
 *
 * Hand-written rather than `write-file-atomic`: that package fsyncs the file but not the directory
 * (so the rename itself may be lost on power failure), has no create-only mode (the API token needs
 * one), and brings an async queue and ownership handling this project never uses.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** How `writeFileAtomic` creates the file. */
export interface AtomicWriteOptions {
  /**
   * The file's exact mode, set with fchmod so the umask can neither widen nor narrow it. Omitted:
   * a new file gets the usual 0666-minus-umask.
   */
  readonly mode?: number;
  /** Mode of parent directories this call has to create (default 0777-minus-umask). */
  readonly dirMode?: number;
  /**
   * Create only: if the target exists, throw an `EEXIST` error and leave it untouched (the new file
   * is hard-linked into place, which fails atomically where a rename would replace).
   */
  readonly exclusive?: boolean;
  /**
   * false: atomic but not durable, no fsync at all. For a file rewritten on every change and worthless
   * after a crash (the queue status): two synchronous fsyncs per write block the engine's event loop
   * for milliseconds each on a real disk. Default true.
   */
  readonly durable?: boolean;
}

/** Write `data` to `file` atomically and (unless `durable: false`) durably, see the file header. Throws on failure, leaving no temp file. */
export function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, ...(options.dirMode === undefined ? {} : { mode: options.dirMode }) });
  const durable = options.durable !== false;
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    // 'wx': a leftover with the same random name is never reused.
    const fd = fs.openSync(tmp, 'wx', options.mode ?? 0o666);
    try {
      if (options.mode !== undefined) fs.fchmodSync(fd, options.mode);
      fs.writeFileSync(fd, data);
      if (durable) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (options.exclusive) {
      fs.linkSync(tmp, file);
      fs.unlinkSync(tmp);
    } else {
      fs.renameSync(tmp, file);
    }
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  if (durable) fsyncDirectory(dir);
}

/** Codes for "this file system or OS cannot fsync a directory": the write is still atomic, just not provably durable. */
const DIR_SYNC_UNSUPPORTED = new Set(['EINVAL', 'ENOTSUP', 'EOPNOTSUPP', 'EISDIR', 'EPERM', 'EACCES']);

/** Make a rename or link in `dir` durable. */
function fsyncDirectory(dir: string): void {
  // Windows cannot open a directory for fsync; its renames are journaled by NTFS.
  if (process.platform === 'win32') return;
  let fd: number;
  try {
    fd = fs.openSync(dir, 'r');
  } catch (err) {
    if (DIR_SYNC_UNSUPPORTED.has((err as NodeJS.ErrnoException).code ?? '')) return;
    throw err;
  }
  try {
    fs.fsyncSync(fd);
  } catch (err) {
    if (!DIR_SYNC_UNSUPPORTED.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
  } finally {
    fs.closeSync(fd);
  }
}
