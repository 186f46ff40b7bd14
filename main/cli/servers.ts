/** Which tmux servers a command watches: the sockets named on the command line, else the default server (+ configured sockets). */
import type { TmuxServer } from '../engine/tmux/types.ts';

/** `--tmux-socket` paths replace the default server (tests never touch the user's server); config sockets add to it. */
export function serversFor(flagSockets: readonly string[], configSockets: readonly string[] = []): TmuxServer[] {
  if (flagSockets.length > 0) return unique(flagSockets).map((path) => ({ kind: 'socket', path }));
  return [{ kind: 'default' }, ...unique(configSockets).map((path): TmuxServer => ({ kind: 'socket', path }))];
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list.filter((s) => s.trim() !== ''))];
}
