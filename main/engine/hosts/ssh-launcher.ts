/** Runs tmux on a configured host through OpenSSH: the control channel is the host's multiplexing master. */
import { rmSync } from 'node:fs';
import { ProcessError } from '../platform/run.ts';
import type { LaunchOutcome, TmuxLauncher } from '../tmux/launcher.ts';
import { OWNER_PID_ARG } from '../tmux/launcher.ts';
import { TMUX_BINARY } from '../tmux/server-args.ts';
import { TmuxError } from '../tmux/types.ts';
import type { HostSpec } from './host-spec.ts';
import type { SshTimings } from './ssh-command.ts';
import { DEFAULT_SSH_TIMINGS, sshArgv } from './ssh-command.ts';
import type { SshFailure } from './ssh-failure.ts';
import { classifySshFailure, sshTimedOut } from './ssh-failure.ts';

/** The ssh client (looked up on PATH). */
export const SSH_BINARY = 'ssh';

/** ssh exits 255 when it failed itself (connect, host key, auth); any other code is the remote command's. */
const SSH_OWN_FAILURE = 255;
/** `sh: exec: tmux: not found` on the host. */
const COMMAND_NOT_FOUND = 127;

/** A TmuxError for an unusable host; the SshFailure is its cause (kind, message, ssh's line). */
export function hostUnreachable(host: string, subcommand: string, failure: SshFailure, stderr = ''): TmuxError {
  return new TmuxError(
    'unreachable',
    subcommand,
    `host ${host}: ${failure.message}${failure.detail ? ` (${failure.detail})` : ''}`,
    stderr,
    failure,
  );
}

/** The SshFailure behind an `unreachable` TmuxError, if it has one. */
export function sshFailureOf(error: unknown): SshFailure | null {
  if (!(error instanceof TmuxError) || error.kind !== 'unreachable') return null;
  const cause = error.cause as Partial<SshFailure> | undefined;
  return cause && typeof cause.kind === 'string' && typeof cause.message === 'string' ? (cause as SshFailure) : null;
}

/**
 * A launcher for one tmux server on one host. `controlPath` is this server's socket in a private
 * (0700) directory: the long-lived control channel is its master, and short runs (the probe, a
 * transcript read) ride on it when it is up instead of opening a connection of their own.
 */
export function sshTmuxLauncher(host: HostSpec, controlPath: string, timings: SshTimings = DEFAULT_SSH_TIMINGS): TmuxLauncher {
  return {
    host: host.name,
    command(tmuxArgs, use) {
      if (use === 'control') {
        // Only one control channel per socket, and it opens only when the last one is gone: a socket
        // still there was left by a master that was killed, and would stop this one from mastering.
        rmSync(controlPath, { force: true });
        return {
          file: SSH_BINARY,
          args: sshArgv(host, controlPath, 'master', [TMUX_BINARY, ...tmuxArgs], { dollarPid: OWNER_PID_ARG, timings }),
        };
      }
      return { file: SSH_BINARY, args: sshArgv(host, controlPath, 'client', [TMUX_BINARY, ...tmuxArgs], { timings }) };
    },
    transportFailure(subcommand, outcome: LaunchOutcome) {
      if ('error' in outcome) {
        const err = outcome.error;
        if (err instanceof ProcessError && err.notFound)
          return hostUnreachable(host.name, subcommand, {
            kind: 'failed',
            message: 'ssh is not installed (not found on PATH)',
            detail: '',
          });
        if (err instanceof ProcessError && err.details.timedOut)
          return hostUnreachable(host.name, subcommand, sshTimedOut(), err.details.stderr);
        return null;
      }
      if (outcome.exitCode === SSH_OWN_FAILURE)
        return hostUnreachable(host.name, subcommand, classifySshFailure(outcome.stderr), outcome.stderr);
      if (outcome.exitCode === COMMAND_NOT_FOUND && /not found/i.test(outcome.stderr)) {
        return new TmuxError(
          'not-installed',
          subcommand,
          `tmux is not installed on host ${host.name} (not on the PATH of a non-interactive ssh session)`,
          outcome.stderr,
        );
      }
      return null;
    },
  };
}
