/**
 * Whether a failed tmux call means the pane is no longer there. A pane can be killed (or its whole
 * server stopped) after an action looked at it and before its key or paste arrives; tmux then
 * answers "can't find pane" (or no server at all). That is the action's `gone` outcome, not a
 * failure of the engine.
 */
import { TmuxError } from '../tmux/types.ts';

/** True for a tmux error saying the pane (or the server that held it) does not exist: nothing reached it. */
export function paneWent(error: unknown): boolean {
  return error instanceof TmuxError && (error.kind === 'no-such-pane' || error.kind === 'no-server');
}
