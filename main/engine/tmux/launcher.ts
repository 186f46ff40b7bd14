/** How a tmux invocation becomes a process: the tmux binary here, or tmux on another host through ssh. */
import { TMUX_BINARY } from './server-args.ts';
import type { TmuxError } from './types.ts';

/**
 * Stands in the argv for the pid the watcher session follows. Locally that is our own pid; on
 * another host our pid means nothing, so a remote launcher puts the control client's own pid there.
 */
export const OWNER_PID_ARG = '{trailboss-owner-pid}';

/** How one process ended, as the launcher needs to tell a transport failure from a tmux one. */
export type LaunchOutcome = { readonly exitCode: number | null; readonly stderr: string } | { readonly error: unknown };

/** Turns tmux argv into a process to start, and recognises failures of whatever carries it. */
export interface TmuxLauncher {
  /** The configured host's name; null for this machine. */
  readonly host: string | null;
  /** Program and argv that run `tmux <tmuxArgs>`; `control` is the long-lived control-mode client. */
  command(tmuxArgs: readonly string[], use: 'control' | 'run'): { file: string; args: string[] };
  /** A TmuxError of kind `unreachable` when the transport failed (not tmux); null otherwise. */
  transportFailure(subcommand: string, outcome: LaunchOutcome): TmuxError | null;
}

/** Runs the local tmux binary; our own pid is the watcher's owner. */
export function localTmuxLauncher(ownerPid: number): TmuxLauncher {
  return {
    host: null,
    command: (tmuxArgs) => ({ file: TMUX_BINARY, args: tmuxArgs.map((a) => (a === OWNER_PID_ARG ? String(ownerPid) : a)) }),
    transportFailure: () => null,
  };
}
