/** Sorting tmux failures into the kinds the engine reacts to. */
import { ProcessError } from '../platform/run.ts';
import type { TmuxErrorKind } from './types.ts';
import { TmuxError } from './types.ts';

/** Kind of a tmux error message (stderr of the CLI, or the body of a control-mode `%error` block). */
export function classifyTmuxMessage(message: string): TmuxErrorKind {
  // "no server running on <sock>"; "error connecting to <sock> (No such file or directory)" when
  // the socket is gone, "(Connection refused)" when it is stale; "server exited unexpectedly".
  if (/no server running|server exited|lost server/i.test(message)) return 'no-server';
  if (/error connecting to .*\((No such file|Connection refused)/i.test(message)) return 'no-server';
  if (/can't find (pane|window|session)|no such (pane|window|session)/i.test(message)) return 'no-such-pane';
  return 'failed';
}

/** A TmuxError for a failed tmux command, from its error text. */
export function tmuxFailure(subcommand: string, message: string): TmuxError {
  const text = message.trim();
  return new TmuxError(classifyTmuxMessage(text), subcommand, text.split('\n')[0] || 'failed', text);
}

/** A TmuxError for a process that did not run to its end (not installed, timed out, killed). */
export function tmuxProcessFailure(subcommand: string, err: unknown): TmuxError {
  if (err instanceof TmuxError) return err;
  if (err instanceof ProcessError) {
    if (err.notFound) return new TmuxError('not-installed', subcommand, 'tmux is not installed (not found on PATH)', '', err);
    return new TmuxError('failed', subcommand, err.message, err.details.stderr, err);
  }
  return new TmuxError('failed', subcommand, err instanceof Error ? err.message : String(err), '', err);
}
