/**
 * Notices when the processes that started this one are gone, so a daemon never lives on as an
 * orphan holding the engine lock. Two ways it can be left alone:
 * - The launcher (bin/trailboss.mjs) re-ran the CLI as a child on the pinned Node (its Node was too
 *   old) and says so in TRAILBOSS_LAUNCHER_PID. A SIGKILLed launcher cannot forward anything; the
 *   child's parent changing (it was re-parented) says the launcher died.
 * - `npx` ran it: npm and the `sh` it starts stand between the user and us. Killing npm leaves the
 *   shell and us running; npm's SIGTERM kills only the shell. So under npx the chain up to npm is
 *   watched (found through the process table, Linux only).
 *
 * Only processes that exist for this command are watched: a daemon started under `nohup` or a
 * supervisor keeps running when the shell that started it exits.
 */
import type { Clock, TimerHandle } from '../engine/platform/clock.ts';
import { pidAlive } from '../engine/platform/engine-lock.ts';
import type { ProcessEntry } from '../engine/platform/process-table.ts';

/** Set by the launcher to its own pid when it runs the CLI as a child process. */
export const LAUNCHER_PID_ENV = 'TRAILBOSS_LAUNCHER_PID';

/** Who this process lives for: its parent (watched for re-parenting) and wrappers above it (watched for liveness). */
export interface Holders {
  readonly parent: number;
  /** npm (npx) and the shells between it and the parent, nearest first. */
  readonly above: readonly number[];
}

const MAX_WRAPPERS = 4;

/**
 * The holders, or null when nothing started this process for it alone (then nothing is watched).
 * Pure: the caller passes the environment, its parent pid and a process-table snapshot (taken
 * only when needed: reading every process costs time on a busy machine).
 */
export function holdersOf(
  env: Readonly<Record<string, string | undefined>>,
  ppid: number,
  snapshot: () => ReadonlyMap<number, ProcessEntry>,
): Holders | null {
  const launcher = Number(env[LAUNCHER_PID_ENV]);
  // A stale value inherited by some unrelated process is not ours to act on.
  const viaLauncher = Number.isInteger(launcher) && launcher > 1 && launcher === ppid;
  const viaNpx = env['npm_command'] === 'exec';
  if (!viaLauncher && !viaNpx) return null;
  if (!viaNpx) return { parent: ppid, above: [] };
  const table = snapshot();
  if (viaLauncher) return { parent: ppid, above: npmChain(table, table.get(ppid)?.ppid) };
  const chain = npmChain(table, ppid);
  // npm_command inherited by something npx did not start directly (no npm above us): not ours.
  return chain[0] === ppid ? { parent: ppid, above: chain.slice(1) } : null;
}

/** From `start` up through shells to npm: the pids, nearest first; empty when no npm is found. */
function npmChain(table: ReadonlyMap<number, ProcessEntry>, start: number | undefined): number[] {
  const chain: number[] = [];
  let pid = start;
  for (let step = 0; step < MAX_WRAPPERS && pid !== undefined && pid > 1; step++) {
    const entry = table.get(pid);
    if (!entry) return [];
    chain.push(pid);
    if (isNpm(entry)) return chain;
    if (!isShell(entry)) return [];
    pid = entry.ppid;
  }
  return [];
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
  if (probe.ppid() !== holders.parent) return holders.parent;
  return holders.above.find((pid) => !probe.alive(pid)) ?? null;
}

/** Check every `everyMs`; call `onGone` once with the first holder found gone. `stop()` ends the watch. */
export function watchHolders(opts: {
  holders: Holders;
  clock: Clock;
  everyMs: number;
  probe?: WatchProbe;
  onGone: (pid: number) => void;
}): { stop(): void } {
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
