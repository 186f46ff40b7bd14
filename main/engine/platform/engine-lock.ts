/**
 * One engine per TRAILBOSS_HOME: a lock file holding the owner's pid and a random nonce, taken over
 * only when its owner is dead — atomically, so two engines starting over a stale lock at the same
 * moment never both win.
 *
 * - The lock appears only whole: it is written to a uniquely named file, then link()ed to its name,
 *   which fails when the name exists (an empty, half-written lock is never seen).
 * - A stale lock is removed only by the holder of a claim on exactly that file (a second lock,
 *   named after the stale file's identity, taken the same way). Reading "dead", then deleting, would
 *   race: a contender that read the old lock could delete the fresh one a faster contender just made.
 *   With the claim, the stale file is removed at most once, and only while it is still there.
 * - A claim whose holder died in the microseconds it held it is itself stale, and taken over the
 *   same way (a few levels deep at most).
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, openSync, readSync, unlinkSync, writeFileSync } from 'node:fs';

export class EngineLockedError extends Error {
  readonly file: string;
  readonly ownerPid: number;

  constructor(file: string, ownerPid: number) {
    super(`another Trail Boss engine (pid ${ownerPid}) already runs for this data directory (lock: ${file})`);
    this.name = 'EngineLockedError';
    this.file = file;
    this.ownerPid = ownerPid;
  }
}

export interface EngineLock {
  release(): void;
}

/** Is a process with this pid alive? (signal 0 checks without touching it.) */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock file as read: its owner and what tells this very file apart from any later one. */
interface Seen {
  readonly pid: number;
  readonly nonce: string;
  /** The nonce; for a lock without one (older versions, garbage), the inode and the content. */
  readonly identity: string;
}

const MAX_ATTEMPTS = 50;
const MAX_CLAIM_DEPTH = 4;

/** Take the lock or throw EngineLockedError. A lock left by a dead process (kill -9) is taken over. */
export function acquireEngineLock(file: string, pid: number, alive: (pid: number) => boolean = pidAlive): EngineLock {
  const nonce = randomBytes(12).toString('hex');
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (createWhole(file, `${pid} ${nonce}\n`)) return { release: () => releaseIfOurs(file, nonce) };
    const seen = readLock(file);
    if (seen === null) continue; // released meanwhile: try again
    // Our own pid in a lock we did not just make: left by an earlier process that had this pid.
    if (seen.pid !== pid && alive(seen.pid)) throw new EngineLockedError(file, seen.pid);
    removeStale(file, seen, pid, alive, 0);
  }
  throw new Error(`could not take the engine lock ${file} (${MAX_ATTEMPTS} attempts; other engines keep starting)`);
}

/** Remove `file` if it is still exactly the stale lock `seen`, holding a claim on it while doing so. */
function removeStale(file: string, seen: Seen, pid: number, alive: (pid: number) => boolean, depth: number): void {
  const claim = `${file}.takeover-${createHash('sha256').update(seen.identity).digest('hex').slice(0, 16)}`;
  const claimNonce = randomBytes(12).toString('hex');
  if (createWhole(claim, `${pid} ${claimNonce}\n`)) {
    try {
      // Nobody else removes this stale file while we hold its claim, and its dead owner never will.
      if (readLock(file)?.identity === seen.identity) unlinkQuiet(file);
    } finally {
      releaseIfOurs(claim, claimNonce);
    }
    return;
  }
  const holder = readLock(claim);
  if (holder === null) return; // the other taker just finished: look again
  if (holder.pid !== pid && alive(holder.pid)) {
    // Another engine is removing it this very moment: give it a moment, then look again.
    pause(2);
    return;
  }
  if (depth < MAX_CLAIM_DEPTH) removeStale(claim, holder, pid, alive, depth + 1);
}

/** Create `file` with `content`, whole and exclusively; false when it exists. */
function createWhole(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: exclusive create, then write (a reader may see it empty
    // for a moment; an empty lock counts as stale only after its claim is won, like any other).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EOPNOTSUPP') return createExclusive(file, content);
    throw error;
  } finally {
    unlinkQuiet(temp);
  }
}

function createExclusive(file: string, content: string): boolean {
  try {
    writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock at `file`, or null when there is none. Content and inode come from one open file. */
function readLock(file: string): Seen | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { ino } = fstatSync(fd);
    const buffer = Buffer.alloc(256);
    const text = buffer
      .subarray(0, readSync(fd, buffer, 0, buffer.length, 0))
      .toString('utf8')
      .trim();
    const [pidText = '', nonce = ''] = text.split(/\s+/);
    const pid = /^\d+$/.test(pidText) ? Number(pidText) : 0;
    return { pid, nonce, identity: nonce !== '' ? nonce : `inode ${ino}: ${text}` };
  } finally {
    closeSync(fd);
  }
}

/** Remove `file` if it is still the one holding `nonce`. */
function releaseIfOurs(file: string, nonce: string): void {
  try {
    if (readLock(file)?.nonce === nonce) unlinkQuiet(file);
  } catch {
    // Unreadable or gone: nothing of ours to release.
  }
}

function unlinkQuiet(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Block for `ms` (lock acquisition is synchronous and runs once at start). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
