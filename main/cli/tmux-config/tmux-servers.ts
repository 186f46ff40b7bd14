/**
 * The user's running tmux servers: every socket in their tmux socket directory
 * (`${TMUX_TMPDIR:-/tmp}/tmux-<uid>/`, where `tmux` and `tmux -L name` put theirs) that a server
 * answers on. Commands run with `-S <socket>`, so a test with its own TMUX_TMPDIR reaches only its
 * own servers.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Runner } from '../../engine/platform/run.ts';

/** The socket files in `dir` (no directory: none). */
export function socketsIn(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => path.join(dir, name))
    .filter((file) => {
      try {
        return statSync(file).isSocket();
      } catch {
        return false;
      }
    })
    .sort();
}

/** One tmux command on the server at `socket`; ok false with tmux's message when it failed or nobody answers. */
export async function onServer(
  runner: Runner,
  socket: string,
  args: readonly string[],
): Promise<{ readonly ok: boolean; readonly stdout: string; readonly message: string }> {
  try {
    // TMUX unset: from inside a tmux pane, tmux would otherwise prefer the server it runs in.
    const r = await runner.run('tmux', ['-S', socket, ...args], { timeoutMs: 5_000, env: { TMUX: undefined, TMUX_PANE: undefined } });
    return { ok: r.exitCode === 0, stdout: r.stdout, message: (r.stderr.trim() || r.stdout.trim()).split('\n')[0] ?? '' };
  } catch (error) {
    return { ok: false, stdout: '', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The sockets of `dir` a server answers on (a socket left by a dead server is skipped). */
export async function runningServers(runner: Runner, dir: string): Promise<string[]> {
  const sockets = socketsIn(dir);
  const alive = await Promise.all(sockets.map(async (s) => (await onServer(runner, s, ['show-options', '-gv', 'status'])).ok));
  return sockets.filter((_, i) => alive[i]);
}
