/**
 * `trailboss daemon` as a real child process, the way a user starts it (pinned node, bin/trailboss.mjs),
 * with kill -9 aimed at the engine. The launcher runs the engine in its own process on the pinned
 * Node, so the engine is the launcher's pid from the spawn on; kill -9 goes to the whole process group
 * all the same, so it lands whatever stage start-up has reached. (It once went to "the launcher's
 * first child" before the "running (pid N)" line: that was a `tmux` the engine had started, and the
 * engine lived on.)
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The pinned Node 24 every npm script uses. */
export const PINNED_NODE = join(REPO_ROOT, 'node_modules', '.bin', 'node');
/** The preload that kills the daemon at a failpoint. */
export const FAILPOINT_MODULE = fileURLToPath(new URL('./failpoint.ts', import.meta.url));

/** How one daemon process ended. */
export interface DaemonExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Epoch ms the test saw the exit. */
  readonly at: number;
}

/** One running (or dead) `trailboss daemon`. */
export interface DaemonProcess {
  /** The launcher's pid (also the process group: everything it started). */
  readonly launcherPid: number;
  /** Epoch ms of the spawn. */
  readonly spawnedAt: number;
  /** Epoch ms it printed "running"; null until then. */
  readyAt(): number | null;
  /** The engine's pid: the one its "running (pid N)" line names, before that the launcher's (the engine runs in it). */
  enginePid(): number;
  /** Resolves when it printed "running"; rejects when it exits first or after `timeoutMs`. */
  ready(timeoutMs?: number): Promise<number>;
  /** Resolves when the launcher exited (the engine is gone by then). */
  readonly exited: Promise<DaemonExit>;
  /** SIGKILL the engine and everything it started (its process group), at any stage. Returns the engine's pid, null when it was gone. */
  kill9(): number | null;
  /** SIGTERM the engine (clean shutdown) and wait for the exit. */
  stop(timeoutMs?: number): Promise<DaemonExit>;
  /** SIGKILL the whole process group while its launcher lives (cleanup after a failure). */
  killGroup(): void;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
}

/** What the daemon needs: its home, the private tmux socket, and optionally a failpoint. */
export interface DaemonOptions {
  readonly home: string;
  readonly socket: string;
  /** `point[:n]` for failpoint.ts, or null. */
  readonly failpoint: string | null;
  readonly failpointLog: string;
  /** Another module for Node to load first (`--import`), for a test of this harness. */
  readonly preload?: string;
}

/** Start `node bin/trailboss.mjs daemon --tmux-socket <socket> --verbose` with TRAILBOSS_HOME=home. */
export function startDaemon(opts: DaemonOptions): DaemonProcess {
  const env: Record<string, string | undefined> = {
    ...process.env,
    TRAILBOSS_HOME: opts.home,
    HOME: opts.home,
    TMUX: undefined,
    TMUX_PANE: undefined,
    TB_CRASH_FAILPOINT: opts.failpoint ?? undefined,
    TB_CRASH_FAILPOINT_LOG: opts.failpointLog,
    NODE_OPTIONS:
      [opts.failpoint ? `--import ${FAILPOINT_MODULE}` : '', opts.preload ? `--import ${opts.preload}` : ''].join(' ').trim() || undefined,
  };
  const child: ChildProcess = spawn(PINNED_NODE, [join(REPO_ROOT, 'bin', 'trailboss.mjs'), 'daemon', '--tmux-socket', opts.socket], {
    cwd: opts.home,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const launcherPid = child.pid;
  if (launcherPid === undefined) throw new Error('could not spawn trailboss daemon');
  const spawnedAt = Date.now();
  let out = '';
  let readyAt: number | null = null;
  let announcedPid: number | null = null;
  let onReady: ((pid: number) => void) | null = null;
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    const match = /engine running \(pid (\d+)\)/.exec(out);
    if (match && readyAt === null) {
      readyAt = Date.now();
      announcedPid = Number(match[1]);
      onReady?.(announcedPid);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => void (out += chunk.toString('utf8')));
  const exited = new Promise<DaemonExit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  let exit: DaemonExit | null = null;
  void exited.then((e) => (exit = e));

  const enginePid = (): number => announcedPid ?? launcherPid;
  const signalGroup = (signal: NodeJS.Signals): void => {
    // Only while the launcher (the group's leader) lives: then the group id is surely still ours.
    if (exit) return;
    try {
      process.kill(-launcherPid, signal);
    } catch {
      // The group is empty already.
    }
  };
  return {
    launcherPid,
    spawnedAt,
    readyAt: () => readyAt,
    enginePid,
    ready(timeoutMs = 30_000) {
      if (announcedPid !== null) return Promise.resolve(announcedPid);
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`daemon not ready after ${timeoutMs} ms:\n${out}`)), timeoutMs);
        onReady = (pid) => {
          clearTimeout(timer);
          resolve(pid);
        };
        void exited.then((e) => {
          clearTimeout(timer);
          reject(new Error(`daemon exited before it was ready (code ${e.code}, signal ${e.signal}):\n${out}`));
        });
      });
    },
    exited,
    kill9() {
      if (exit) return null;
      try {
        // The group: the engine (the launcher itself, or its child on an old Node) and every process it
        // started (tmux clients, a `ps` mid-run). Its tmux clients would die with it anyway (their pipe
        // closes); no orphan is left to hold the lock.
        process.kill(-launcherPid, 'SIGKILL');
      } catch {
        return null;
      }
      return enginePid();
    },
    async stop(timeoutMs = 15_000) {
      if (!exit) process.kill(enginePid(), 'SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), timeoutMs);
      const e = await exited;
      clearTimeout(timer);
      return e;
    },
    killGroup: () => signalGroup('SIGKILL'),
    output: () => out,
  };
}
