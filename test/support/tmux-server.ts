/**
 * A private tmux server per test: `-L tb-test-<random>` (or a socket path you give), `-f /dev/null`,
 * HOME in a temp dir, TMUX/TMUX_PANE stripped — the user's default server is never touched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { RunResult } from '../../main/engine/platform/run.ts';
import { realRunner } from '../../main/engine/platform/run.ts';
import type { TmuxServer } from '../../main/engine/tmux/types.ts';
import { poll } from './poll.ts';

/** Options of a pane created by `newPane`. */
export interface NewPaneOptions {
  readonly width?: number;
  readonly height?: number;
  /** Session to create it in (a new session of this name when it does not exist). Default: a fresh session per pane. */
  readonly session?: string;
  /** Extra environment for the pane's process. */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/** A running private tmux server. */
export interface PrivateTmux {
  readonly server: TmuxServer;
  /** The `-L` name, or the socket path. */
  readonly name: string;
  /** A temp dir for the test (HOME of the server and its panes); removed by kill(). */
  readonly dir: string;
  /** Run a tmux command on this server (stdout, stderr, exit code; never throws for a non-zero exit). */
  run(args: readonly string[], input?: string): Promise<RunResult>;
  /** Like run, but throws on a non-zero exit; returns stdout. */
  tmux(args: readonly string[], input?: string): Promise<string>;
  /** Start `command` (a shell command line) in a new pane; returns its pane id (`%3`). Starts the server if needed. */
  newPane(command: string, opts?: NewPaneOptions): Promise<string>;
  /**
   * Attach a real terminal client (a pty from util-linux `script`) of the given size to a session;
   * returns its tty. `detach()` detaches it first (closing the pty first would type ^D into the pane).
   */
  attachClient(session: string, size?: { cols: number; rows: number }): Promise<{ tty: string; detach(): Promise<void> }>;
  /** Kill the server (idempotent); a later newPane starts a fresh one. */
  killServer(): Promise<void>;
  /** Kill the server and remove the temp dir. */
  kill(): Promise<void>;
}

let sessions = 0;

/** Environment for every tmux the tests start: nothing from the developer's own tmux. */
export function testTmuxEnv(home: string): Record<string, string | undefined> {
  return { TMUX: undefined, TMUX_PANE: undefined, HOME: home };
}

/**
 * Start (lazily: the first newPane starts it) a private server. `socketPath` uses `-S` instead of `-L`.
 * Call `kill()` in afterEach/afterAll.
 */
export async function startPrivateTmux(opts: { socketPath?: string } = {}): Promise<PrivateTmux> {
  const name = opts.socketPath ?? `tb-test-${randomBytes(6).toString('hex')}`;
  const server: TmuxServer = opts.socketPath ? { kind: 'socket', path: opts.socketPath } : { kind: 'name', name };
  const dir = mkdtempSync(join(tmpdir(), 'tb-tmux-'));
  const base = opts.socketPath ? ['-S', opts.socketPath, '-f', '/dev/null', '-u'] : ['-L', name, '-f', '/dev/null', '-u'];
  const env = testTmuxEnv(dir);
  const run = (args: readonly string[], input?: string): Promise<RunResult> =>
    realRunner.run('tmux', [...base, ...args], { env, timeoutMs: 10_000, input });
  const tmux = async (args: readonly string[], input?: string): Promise<string> => {
    const r = await run(args, input);
    if (r.exitCode !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr.trim()}`);
    return r.stdout;
  };
  const newPane = async (command: string, p: NewPaneOptions = {}): Promise<string> => {
    const w = String(p.width ?? 120);
    const h = String(p.height ?? 40);
    const envArgs = Object.entries(p.env ?? {}).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    const cwd = ['-c', p.cwd ?? dir];
    const session = p.session ?? `s${++sessions}`;
    const exists = (await run(['has-session', '-t', `=${session}`])).exitCode === 0;
    const args = exists
      ? ['new-window', '-d', '-P', '-F', '#{pane_id}', '-t', `=${session}:`, ...cwd, ...envArgs, command]
      : ['new-session', '-d', '-P', '-F', '#{pane_id}', '-s', session, '-x', w, '-y', h, ...cwd, ...envArgs, command];
    return (await tmux(args)).trim();
  };
  const attachClient = async (session: string, size = { cols: 100, rows: 30 }): Promise<{ tty: string; detach(): Promise<void> }> => {
    const before = new Set((await run(['list-clients', '-F', '#{client_tty}'])).stdout.split('\n').filter(Boolean));
    const quoted = ['tmux', ...base, 'attach-session', '-t', `=${session}`].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const proc = realRunner.spawnLongLived('script', ['-qfc', `stty cols ${size.cols} rows ${size.rows}; exec ${quoted}`, '/dev/null'], {
      env: { ...env, TERM: 'xterm-256color' },
    });
    const tty = await poll(
      async () => (await run(['list-clients', '-F', '#{client_tty}'])).stdout.split('\n').find((t) => t && !before.has(t)),
      'terminal client attached',
    );
    return {
      tty,
      async detach() {
        await run(['detach-client', '-t', tty]);
        const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await proc.exited;
        clearTimeout(timer);
        proc.endInput();
      },
    };
  };
  const killServer = async (): Promise<void> => {
    await run(['kill-server']);
  };
  return {
    server,
    name,
    dir,
    run,
    tmux,
    newPane,
    attachClient,
    killServer,
    async kill() {
      await killServer();
      // kill-server returns before the panes' processes are gone: a dying agent may still write its
      // record file here for a moment (ENOTEMPTY), so the removal retries briefly.
      rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
    },
  };
}
