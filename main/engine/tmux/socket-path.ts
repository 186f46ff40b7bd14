/** Where a local tmux server's socket is: what `tmux`, `tmux -L name` and `tmux -S path` connect to. Pure. */
import path from 'node:path';
import type { TmuxServer } from './types.ts';

/** The directory tmux keeps the user's sockets in (`${TMUX_TMPDIR:-/tmp}/tmux-<uid>/`). */
export function tmuxSocketDir(env: Readonly<Record<string, string | undefined>>, uid: number): string {
  const base = env['TMUX_TMPDIR'] !== undefined && env['TMUX_TMPDIR'] !== '' ? env['TMUX_TMPDIR'] : '/tmp';
  return path.join(base, `tmux-${uid}`);
}

/** The socket a local server listens on. */
export function localSocketPath(server: TmuxServer, env: Readonly<Record<string, string | undefined>>, uid: number): string {
  switch (server.kind) {
    case 'socket':
      return server.path;
    case 'default':
      return path.join(tmuxSocketDir(env, uid), 'default');
    case 'name':
      return path.join(tmuxSocketDir(env, uid), server.name);
  }
}
