/**
 * Notices when the processes that started this one are gone, so a daemon never lives on as an
 * orphan holding the engine lock. The launcher (bin/trailboss.mjs) runs the CLI as a child on the
 * pinned Node and says so in TRAILBOSS_LAUNCHER_PID; a SIGKILLed launcher cannot forward anything,
 * so the child watches: its parent changing (it was re-parented) means the launcher died. Under
 * `npx`, npm and the `sh` it runs stand between the user and the launcher; killing npm leaves them
 * all running, so they are watched too (found through the process table, Linux only).
 *
 * Only processes that exist for this command are watched: a daemon started under `nohup` or a
 * supervisor keeps running when the shell that started it exits.
 */
import type { Clock, TimerHandle } from '../engine/platform/clock.ts';
import { pidAlive } from '../engine/platform/engine-lock.ts';
import type { ProcessEntry } from '../engine/platform/process-table.ts';

/** Set by the launcher to its own pid. */
export const LAUNCHER_PID_ENV = 'TRAILBOSS_LAUNCHER_PID';

/** Who this process lives for: its launcher (the direct parent), and wrappers above it that exist only for it. */
export interface Holders {
  readonly launcher: number;
  /** npm (npx) and the shells between it and the launcher, nearest first. */
  readonly above: readonly number[];
}

const MAX_WRAPPERS = 4;

/**
 * The holders, or null when this process was not started by the launcher (then nothing is
 * watched). Pure: the caller passes the environment, its parent pid and a process-table snapshot.
 */
export function holdersOf(env: Readonly<Record<string, string | undefined>>, ppid: number, table: ReadonlyMap<number, ProcessEntry>): Holders | null {
  const launcher = Number(env[LAUNCHER_PID_ENV]);
  // A stale value inherited by some unrelated process is not ours to act on.
  if (!Number.isInteger(launcher) || launcher <= 1 || launcher !== ppid) return null;
  if (env['npm_command'] !== 'exec') return { launcher, above: [] };
  const above: number[] = [];
  let pid = table.get(launcher)?.ppid;
  for (let step = 0; step < MAX_WRAPPERS && pid !== undefined && pid > 1; step++) {
    const entry = table.get(pid);
    if (!entry) break;
    above.push(pid);
    if (isNpm(entry)) return { launcher, above };
    if (!isShell(entry)) break;
    pid = entry.ppid;
  }
  // No npm found in the chain: watch the launcher alone rather than something unrelated.
  return { launcher, above: [] };
}

function isNpm(entry: ProcessEntry): boolean {
  return /^(npm|npx)( |$)/.test(entry.argv) || entry.comm === 'npm' || entry.comm === 'npx';
}

function isShell(entry: ProcessEntry): boolean {
  return ['sh', 'dash', 'bash', 'zsh'].includes(entry.comm);
}

/** What the watcher reads from the live system. */
export interface WatchProbe {
  /** This process's parent pid now. */
  readonly ppid: () => number;
  readonly alive: (pid: number) => boolean;
}

/** The real probe. */
export const processProbe: WatchProbe = { ppid: () => process.ppid, alive: pidAlive };

/** Which holder is gone, or null while all live. */
export function goneHolder(holders: Holders, probe: WatchProbe): number | null {
  if (probe.ppid() !== holders.launcher) return holders.launcher;
  return holders.above.find((pid) => !probe.alive(pid)) ?? null;
}

/** Check every `everyMs`; call `onGone` once with the first holder found gone. `stop()` ends the watch. */
export function watchHolders(opts: { holders: Holders; clock: Clock; everyMs: number; probe?: WatchProbe; onGone: (pid: number) => void }): { stop(): void } {
  const probe = opts.probe ?? processProbe;
  let timer: TimerHandle | null = null;
  let stopped = false;
  const check = (): void => {
    timer = null;
    if (stopped) return;
    const gone = goneHolder(opts.holders, probe);
    if (gone !== null) {
      stopped = true;
      opts.onGone(gone);
      return;
    }
    timer = opts.clock.setTimeout(check, opts.everyMs);
  };
  timer = opts.clock.setTimeout(check, opts.everyMs);
  return {
    stop: () => {
      stopped = true;
      timer?.cancel();
      timer = null;
    },
  };
}
