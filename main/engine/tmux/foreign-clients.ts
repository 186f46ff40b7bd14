/**
 * Whether a control client other than ours is attached to a server: a terminal's tmux integration, such
 * as iTerm2's `tmux -CC`. tmux tells every control client `%window-close` when a window its own session
 * holds is unlinked from any session (our watcher's included), and such a terminal closes that window's
 * tab on it, though the window lives on.
 */
import { WATCHER_SESSION_PREFIX } from './server-args.ts';

/** Every client's control mode and session, to tell whether another control client listens. */
export const CONTROL_CLIENTS = ['list-clients', '-F', '#{client_control_mode} #{client_session}'];

/** From CONTROL_CLIENTS' lines: a control client attached to a session other than a watcher's. */
export function othersListen(lines: readonly string[]): boolean {
  return lines.some((line) => {
    const [control, ...session] = line.split(' ');
    return control === '1' && !session.join(' ').startsWith(WATCHER_SESSION_PREFIX);
  });
}
