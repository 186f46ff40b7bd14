/** How every tmux invocation is addressed: which server, which environment, which sessions are ours. */
import type { EnvChanges } from '../platform/run.ts';
import type { TmuxServer } from './types.ts';

/** The tmux binary (looked up on PATH). */
export const TMUX_BINARY = 'tmux';

/**
 * Global arguments for a server. `-u` because tmux replaces non-ASCII with `_` in some output
 * (display-message, list formats) for clients it does not believe speak UTF-8, e.g. under LANG=C.
 */
export function tmuxGlobalArgs(server: TmuxServer): string[] {
  switch (server.kind) {
    case 'default':
      return ['-u'];
    case 'socket':
      return ['-S', server.path, '-u'];
    case 'name':
      return ['-L', server.name, '-u'];
  }
}

/**
 * Environment for every tmux child. An inherited TMUX would silently redirect "the default server"
 * to whatever server the app was started from, and TMUX_PANE changes default targets.
 */
export const TMUX_ENV: EnvChanges = { TMUX: undefined, TMUX_PANE: undefined };

/** Sessions named so are Trail Boss watcher sessions (ours or another instance's), never agents. */
export const WATCHER_SESSION_PREFIX = 'trailboss-watch-';

/** True for a watcher session's name. */
export function isWatcherSession(sessionName: string): boolean {
  return sessionName.startsWith(WATCHER_SESSION_PREFIX);
}

/** A pane id as tmux prints it (`%7`). Every target we send is checked against this. */
export function isPaneId(value: string): boolean {
  return /^%\d+$/.test(value);
}
