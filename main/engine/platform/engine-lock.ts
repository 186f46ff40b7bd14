/** One engine per TRAILBOSS_HOME: an exclusive lock file holding the owner's pid, taken over only when stale. */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class EngineLockedError extends Error {
  constructor(
    readonly file: string,
    readonly ownerPid: number,
  ) {
    super(`another Trail Boss engine (pid ${ownerPid}) already runs for this data directory (lock: ${file})`);
    this.name = 'EngineLockedError';
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

/** Take the lock or throw EngineLockedError. A lock left by a dead process (kill -9) is taken over. */
export function acquireEngineLock(file: string, pid: number, alive: (pid: number) => boolean = pidAlive): EngineLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(pid));
      closeSync(fd);
      return {
        release() {
          try {
            if (readFileSync(file, 'utf8').trim() === String(pid)) rmSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSafe(file));
      if (owner === pid) return { release: () => rmSync(file, { force: true }) };
      if (alive(owner)) throw new EngineLockedError(file, owner);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the engine lock ${file}`);
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}
