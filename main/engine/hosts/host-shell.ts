/**
 * Short commands on a configured host, over the same multiplexed connection as its tmux control
 * channel (`ControlMaster=no`: ride on the master when it is up, never become one). What a restart
 * of a remote pane needs beyond tmux: the agent's processes, its transcript, git state. A failure of
 * ssh itself becomes a `HostShellError` that names the host and says why, never a remote exit code.
 */
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { Runner, RunResult, Spawner } from '../platform/run.ts';
import { ProcessError } from '../platform/run.ts';
import type { HostSpec } from './host-spec.ts';
import type { SshTimings } from './ssh-command.ts';
import { DEFAULT_SSH_TIMINGS, sshArgv } from './ssh-command.ts';
import type { SshFailure } from './ssh-failure.ts';
import { classifySshFailure, sshTimedOut } from './ssh-failure.ts';
import { SSH_BINARY } from './ssh-launcher.ts';

/** ssh exits 255 when it failed itself; any other code is the remote command's. */
const SSH_OWN_FAILURE = 255;

/** ssh could not run the command on the host (connect, host key, auth, time). */
export class HostShellError extends Error {
  constructor(
    readonly host: string,
    readonly failure: SshFailure,
  ) {
    super(`host ${host}: ${failure.message}${failure.detail ? ` (${failure.detail})` : ''}`);
    this.name = 'HostShellError';
  }
}

/** How a streamed command ended (its stdout went to the caller chunk by chunk). */
export interface StreamResult {
  readonly exitCode: number;
  readonly stderr: string;
}

/** Commands on one host. `argv` runs as is (no remote shell parses it beyond `sh -c 'exec …'`). */
export interface HostShell {
  readonly host: string;
  /** Run to completion; a non-zero exit is a result. Rejects with HostShellError when ssh failed. */
  run(argv: readonly string[], opts?: { readonly timeoutMs?: number }): Promise<RunResult>;
  /**
   * Run with stdout handed to `onChunk` as it arrives (nothing is gathered: a 100 MB transcript
   * costs one chunk of memory). Killed after `timeoutMs` of no output at all.
   */
  stream(argv: readonly string[], onChunk: (chunk: Buffer) => void, opts?: { readonly idleTimeoutMs?: number }): Promise<StreamResult>;
}

/** Keep at most this much of a streamed command's stderr (for the error message). */
const MAX_STDERR = 8192;

/** The shell of `host` through the control socket `controlPath` (the one its tmux channel masters). */
export function hostShell(
  host: HostSpec,
  controlPath: string,
  deps: { readonly runner: Runner & Spawner; readonly clock: Clock },
  timings: SshTimings = DEFAULT_SSH_TIMINGS,
): HostShell {
  const { runner, clock } = deps;
  const args = (argv: readonly string[]) => sshArgv(host, controlPath, 'client', argv, { timings });
  const failed = (failure: SshFailure) => new HostShellError(host.name, failure);
  return {
    host: host.name,
    async run(argv, opts = {}) {
      let result: RunResult;
      try {
        result = await runner.run(SSH_BINARY, args(argv), { timeoutMs: opts.timeoutMs ?? 15_000 });
      } catch (error) {
        if (error instanceof ProcessError && error.details.timedOut) throw failed(sshTimedOut());
        if (error instanceof ProcessError && error.notFound)
          throw failed({ kind: 'failed', message: 'ssh is not installed (not found on PATH)', detail: '' });
        throw error;
      }
      if (result.exitCode === SSH_OWN_FAILURE) throw failed(classifySshFailure(result.stderr));
      return result;
    },
    async stream(argv, onChunk, opts = {}) {
      const idleMs = opts.idleTimeoutMs ?? 30_000;
      const child = runner.spawnLongLived(SSH_BINARY, args(argv));
      child.endInput();
      let stderr = '';
      let timedOut = false;
      // Held in an object: TypeScript does not follow assignments made inside the callbacks.
      const idle: { timer: TimerHandle | null } = { timer: null };
      const arm = () => {
        idle.timer?.cancel();
        idle.timer = clock.setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, idleMs);
      };
      arm();
      let thrown: unknown = null;
      child.onStdout((chunk) => {
        if (thrown !== null) return;
        arm();
        try {
          onChunk(chunk);
        } catch (error) {
          // The consumer gave up: stop the transfer rather than read the rest for nothing.
          thrown = error;
          child.kill('SIGKILL');
        }
      });
      child.onStderr((chunk) => {
        if (stderr.length < MAX_STDERR) stderr += chunk.toString('utf8').slice(0, MAX_STDERR - stderr.length);
      });
      const exit = await child.exited;
      idle.timer?.cancel();
      if (thrown !== null) throw thrown;
      if (exit.error) {
        if (exit.error.notFound) throw failed({ kind: 'failed', message: 'ssh is not installed (not found on PATH)', detail: '' });
        throw exit.error;
      }
      if (timedOut) throw failed(sshTimedOut());
      if (exit.exitCode === SSH_OWN_FAILURE) throw failed(classifySshFailure(stderr));
      if (exit.exitCode === null) throw failed({ kind: 'failed', message: `ssh was killed by ${exit.signal ?? 'a signal'}`, detail: '' });
      return { exitCode: exit.exitCode, stderr };
    },
  };
}
