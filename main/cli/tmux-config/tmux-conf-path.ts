/**
 * Which tmux configuration file the user's tmux reads, in tmux's own lookup order (3.2+):
 * `~/.tmux.conf`, then `$XDG_CONFIG_HOME/tmux/tmux.conf`, then `~/.config/tmux/tmux.conf`. The first
 * that exists is the one in use; with none, `~/.tmux.conf` is the one to create. Pure.
 */
import path from 'node:path';

/** The candidates, in tmux's order. */
export function tmuxConfigCandidates(env: Readonly<Record<string, string | undefined>>, homedir: string): string[] {
  const xdg = env['XDG_CONFIG_HOME'];
  return [
    path.join(homedir, '.tmux.conf'),
    ...(xdg !== undefined && path.isAbsolute(xdg) ? [path.join(xdg, 'tmux', 'tmux.conf')] : []),
    path.join(homedir, '.config', 'tmux', 'tmux.conf'),
  ];
}

/** The file in use (the first that exists), or `~/.tmux.conf` when there is none yet. */
export function tmuxConfigFile(input: {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
  readonly exists: (file: string) => boolean;
}): string {
  const candidates = tmuxConfigCandidates(input.env, input.homedir);
  return candidates.find((file) => input.exists(file)) ?? (candidates[0] as string);
}
