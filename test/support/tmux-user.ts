/**
 * A stand-in tmux user for `trailboss tmux …` tests: HOME and TMUX_TMPDIR in a temp dir, so the
 * user's "default" server is `<dir>/tmux-<uid>/default`, a private one the test starts (with the
 * user's configuration) and kills. The real user's home and servers are never reached.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The sandbox. */
export interface TmuxUser {
  readonly dir: string;
  /** The socket of the user's default server. */
  readonly socket: string;
  /** HOME, TMUX_TMPDIR and TRAILBOSS_HOME (`<dir>/tb`) for a command run as this user. */
  readonly env: Record<string, string>;
  /** A tmux command on the default server; returns stdout, throws on a non-zero exit. */
  tmux(...args: string[]): string;
  /** Start the default server with `<dir>/.tmux.conf` and one session. */
  startServer(): void;
  /** Kill the server (if any) and remove the dir. */
  dispose(): void;
}

/** Make the sandbox (no server yet). */
export function makeTmuxUser(prefix: string): TmuxUser {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const socketDir = join(dir, `tmux-${process.getuid?.() ?? 0}`);
  mkdirSync(socketDir, { mode: 0o700 });
  const socket = join(socketDir, 'default');
  const tmuxEnv = { ...process.env, TMUX: '', TMUX_PANE: '' };
  const tmux = (...args: string[]) => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8', env: tmuxEnv });
  return {
    dir,
    socket,
    env: { HOME: dir, TMUX_TMPDIR: dir, TRAILBOSS_HOME: join(dir, 'tb'), TMUX: '' },
    tmux,
    startServer: () => void tmux('-f', join(dir, '.tmux.conf'), 'new-session', '-d', '-s', 'user'),
    dispose() {
      try {
        execFileSync('tmux', ['-S', socket, 'kill-server'], { stdio: 'ignore', env: tmuxEnv });
      } catch {
        // no server was started
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
