/** A runner that starts the tmux it was given wherever the engine asks for plain `tmux`. */
import { TMUX_BINARY } from '../tmux/server-args.ts';
import type { Runner, Spawner } from './run.ts';

/**
 * Wrap `base` so `tmux` means `tmuxPath` (found by tmux-binary.ts). Every tmux call the engine,
 * the one-shot scan and the jump make goes through an injected runner, so this one seam covers
 * them all; other programs pass through unchanged.
 */
export function runnerWithTmux(base: Runner & Spawner, tmuxPath: string): Runner & Spawner {
  const file = (name: string): string => (name === TMUX_BINARY ? tmuxPath : name);
  return {
    run: (name, args, opts) => base.run(file(name), args, opts),
    spawnLongLived: (name, args, opts) => base.spawnLongLived(file(name), args, opts),
  };
}
