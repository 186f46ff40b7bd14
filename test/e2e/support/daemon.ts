/**
 * Runs the real `trailboss daemon --ui` as a child process for browser tests: a temp TRAILBOSS_HOME
 * and HOME (never the developer's), only the private tmux socket it is given, the pinned Node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A running daemon. */
export interface Daemon {
  /** The URL it printed (`http://127.0.0.1:<port>/#token=<token>`). */
  readonly url: string;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly token: string;
  readonly pid: number;
  /** TRAILBOSS_HOME of this daemon (config, database). */
  readonly home: string;
  /** Everything it wrote so far. */
  output(): { stdout: string; stderr: string };
  /** Stops it (SIGTERM to its process group, SIGKILL after `graceMs`) and removes its temp dir. */
  stop(graceMs?: number): Promise<void>;
}

const URL_LINE = /Open the queue: (http:\/\/127\.0\.0\.1:(\d+)\/#token=(\S+))/;

/**
 * Starts `trailboss daemon --ui --tmux-socket <socket>` and resolves once it printed the queue URL.
 * The daemon gets a process group of its own (the launcher, bin/trailboss.mjs, runs the engine in it,
 * with its tmux clients) and `stop` signals that group: no child outlives the test.
 */
export async function startDaemon(opts: { socket: string; timeoutMs?: number; verbose?: boolean }): Promise<Daemon> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-daemon-'));
  const home = join(dir, 'tb');
  const args = [join(ROOT, 'bin', 'trailboss.mjs'), 'daemon', '--ui', '--tmux-socket', opts.socket, ...(opts.verbose ? ['--verbose'] : [])];
  // TMUX_TMPDIR too: were the engine ever to reach for the default tmux server, it would find a private empty one.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    TRAILBOSS_HOME: home,
    TMUX_TMPDIR: dir,
    LANG: 'C.UTF-8',
    TZ: process.env.TZ ?? 'UTC',
  };
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'node'), args, {
    cwd: dir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (t: string) => (stdout += t));
  child.stderr?.setEncoding('utf8').on('data', (t: string) => (stderr += t));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const found = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => fail(`no queue URL within ${opts.timeoutMs ?? 20_000} ms`), opts.timeoutMs ?? 20_000);
    let settled = false;
    const check = () => {
      const m = URL_LINE.exec(stdout);
      if (m && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve(m);
      }
    };
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      killGroup(child, 'SIGKILL');
      reject(new Error(`trailboss daemon: ${why}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`));
    };
    child.stdout?.on('data', check);
    void exited.then((code) => fail(`exited with ${String(code)} before printing the queue URL`));
  });

  const [, url, port, token] = found as unknown as [string, string, string, string];
  let stopped = false;
  return {
    url,
    origin: `http://127.0.0.1:${port}`,
    token,
    pid: child.pid as number,
    home,
    output: () => ({ stdout, stderr }),
    async stop(graceMs = 5000) {
      if (!stopped) {
        stopped = true;
        // The launcher dies on SIGTERM at once; the CLI it runs shuts the engine down and exits.
        // Wait for the whole group to be gone (engine stopped cleanly), SIGKILL what is left after graceMs.
        killGroup(child, 'SIGTERM');
        const deadline = performance.now() + graceMs;
        while (groupAlive(child) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 25));
        killGroup(child, 'SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether any process of the daemon's group still runs. */
function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signals the daemon's own process group (created by `detached: true`); a gone group is fine. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
