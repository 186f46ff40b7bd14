/** The injected process runner: the only place in the engine that starts child processes. */
import { spawn } from 'node:child_process';
import { execa } from 'execa';

/**
 * Environment changes for a child: merged over the parent's environment; `undefined` removes an
 * inherited variable (tmux must never see the caller's TMUX / TMUX_PANE).
 */
export type EnvChanges = Readonly<Record<string, string | undefined>>;

/** Options of one short-lived run. */
export interface RunOptions {
  /** Written to stdin, then stdin is closed. Without it stdin is empty. */
  readonly input?: string;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly env?: EnvChanges;
}

/** How a process that ran to its end finished. A non-zero exit code is a result, not an error. */
export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** Runs a program to completion. Rejects with ProcessError only when it could not start, timed out, was aborted or killed. */
export interface Runner {
  run(file: string, args: readonly string[], opts?: RunOptions): Promise<RunResult>;
}

/** A process that failed to run to a normal exit: names the command and says why. */
export class ProcessError extends Error {
  constructor(
    readonly command: string,
    readonly args: readonly string[],
    readonly details: {
      readonly exitCode: number | null;
      readonly signal: string | null;
      readonly timedOut: boolean;
      readonly aborted: boolean;
      readonly stderr: string;
      /** errno code from spawning (`ENOENT` = the program is not installed). */
      readonly code: string | null;
      readonly cause?: unknown;
    },
  ) {
    super(`${command} ${args.join(' ')}: ${describe(details)}`, { cause: details.cause });
    this.name = 'ProcessError';
  }

  /** The program does not exist (ENOENT): for tmux, "not installed". */
  get notFound(): boolean {
    return this.details.code === 'ENOENT';
  }
}

function describe(d: ProcessError['details']): string {
  if (d.code) return `could not start (${d.code})`;
  if (d.timedOut) return 'timed out';
  if (d.aborted) return 'aborted';
  if (d.signal) return `killed by ${d.signal}`;
  return `exit code ${d.exitCode ?? '?'}${d.stderr ? `: ${d.stderr.trim().split('\n')[0]}` : ''}`;
}

/** A long-lived child with pipes: the tmux control-mode client. */
export interface LongLivedProcess {
  readonly pid: number | undefined;
  /** Write to stdin; false when stdin is closed (the process is gone). Never throws. */
  write(data: string): boolean;
  /** Close stdin (a control-mode client exits on EOF). */
  endInput(): void;
  kill(signal?: NodeJS.Signals): void;
  onStdout(listener: (chunk: Buffer) => void): void;
  onStderr(listener: (chunk: Buffer) => void): void;
  /** Settles once, when the process has exited (or failed to start: `error` is then set). */
  readonly exited: Promise<{ exitCode: number | null; signal: string | null; error: ProcessError | null }>;
}

/** Starts long-lived children. */
export interface Spawner {
  spawnLongLived(file: string, args: readonly string[], opts?: { readonly env?: EnvChanges }): LongLivedProcess;
}

function runWithExeca(file: string, args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  return execa(file, [...args], {
    input: opts.input ?? '',
    timeout: opts.timeoutMs,
    cancelSignal: opts.signal,
    env: opts.env as Record<string, string> | undefined,
    extendEnv: true,
    reject: false,
    stripFinalNewline: false,
    encoding: 'utf8',
  }).then((r) => {
    if (!r.failed || (typeof r.exitCode === 'number' && !r.timedOut && !r.isCanceled && !r.signal)) {
      return { stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? ''), exitCode: r.exitCode ?? 0 };
    }
    const code = (r as { code?: unknown }).code;
    throw new ProcessError(file, args, {
      exitCode: r.exitCode ?? null,
      signal: r.signal ?? null,
      timedOut: r.timedOut,
      aborted: r.isCanceled,
      stderr: String(r.stderr ?? ''),
      code: typeof code === 'string' ? code : null,
      cause: r.cause,
    });
  });
}

function spawnWithNode(file: string, args: readonly string[], opts: { env?: EnvChanges } = {}): LongLivedProcess {
  const child = spawn(file, [...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } });
  // Writing to a dead child raises EPIPE on stdin: a gone tmux must never crash the app.
  child.stdin.on('error', () => {});
  const exited = new Promise<{ exitCode: number | null; signal: string | null; error: ProcessError | null }>((resolve) => {
    child.once('error', (err: NodeJS.ErrnoException) => {
      const details = {
        exitCode: null,
        signal: null,
        timedOut: false,
        aborted: false,
        stderr: '',
        code: err.code ?? 'EUNKNOWN',
        cause: err,
      };
      resolve({ exitCode: null, signal: null, error: new ProcessError(file, args, details) });
    });
    child.once('close', (exitCode, signal) => resolve({ exitCode, signal, error: null }));
  });
  return {
    pid: child.pid,
    write: (data) => (child.stdin.writable ? (child.stdin.write(data), true) : false),
    endInput: () => child.stdin.end(),
    kill: (signal = 'SIGTERM') => void child.kill(signal),
    onStdout: (listener) => void child.stdout.on('data', listener),
    onStderr: (listener) => void child.stderr.on('data', listener),
    exited,
  };
}

/** The real runner: execa for short runs, node's spawn for long-lived pipes. */
export const realRunner: Runner & Spawner = { run: runWithExeca, spawnLongLived: spawnWithNode };
