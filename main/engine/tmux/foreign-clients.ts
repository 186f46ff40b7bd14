/**
 * Whether a control client other than ours is attached to a server: a terminal's tmux integration, such
 * as iTerm2's `tmux -CC`. tmux tells every control client `%window-close` when a window its own session
 * holds is unlinked from any session (our watcher's included), and such a terminal closes that window's
 * tab on it, though the window lives on.
 */
import { isWatcherSession } from './server-args.ts';

/** Every client's control mode and session, to tell whether another control client listens. */
export const CONTROL_CLIENTS = ['list-clients', '-F', '#{client_control_mode} #{client_session}'];

/** From CONTROL_CLIENTS' lines: a control client attached to a session other than a watcher's. */
export function othersListen(lines: readonly string[]): boolean {
  return lines.some((line) => {
    const [control, ...session] = line.split(' ');
    return control === '1' && !isWatcherSession(session.join(' '));
  });
}

/** Every session with how many clients it has, to find watcher sessions no client holds. */
export const SESSIONS_ATTACHED = ['list-sessions', '-F', '#{session_attached} #{session_name}'];

/**
 * From SESSIONS_ATTACHED's lines: watcher sessions no client holds, other than `own`. A live watcher
 * always has its client attached (tmux -C new-session creates and attaches in one step); one without is
 * a lost connection's or a dead engine's, which its agent windows linked into it would keep for ever.
 */
export function unattachedWatchers(lines: readonly string[], own: string): string[] {
  return lines.flatMap((line) => {
    const space = line.indexOf(' ');
    const name = line.slice(space + 1);
    return space > 0 && line.slice(0, space) === '0' && isWatcherSession(name) && name !== own ? [name] : [];
  });
}
