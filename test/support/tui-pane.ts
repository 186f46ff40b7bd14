/**
 * `trailboss tui` in a pane of its own private tmux server (80×24 unless told): keys go in with
 * send-keys, the screen comes out with capture-pane. The pane runs a shell that, once the UI ends,
 * prints its exit code and the terminal's line-discipline flags, so a test can see the terminal was
 * handed back (alternate screen off, raw mode off).
 */
import { join, resolve } from 'node:path';
import { PINNED_NODE } from './run-node.ts';
import { poll } from './poll.ts';
import { startPrivateTmux, type PrivateTmux } from './tmux-server.ts';

const LAUNCHER = resolve(import.meta.dirname, '../../bin/trailboss.mjs');

/** A running terminal UI. */
export interface TuiPane {
  readonly tmux: PrivateTmux;
  readonly paneId: string;
  /** The screen now, one string per row (trailing spaces dropped). */
  screen(): Promise<string[]>;
  /** Polls until `test` holds for the screen; returns it. */
  waitForScreen(test: (text: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  /** `send-keys` with tmux key names (`a`, `Enter`, `Escape`); `literal` types text as is. */
  send(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  /** A tmux format of the pane (`#{alternate_on}`). */
  format(format: string): Promise<string>;
  /** The pid of the UI's process (the shell's child). */
  pid(): Promise<number>;
  dispose(): Promise<void>;
}

/** Starts `trailboss tui <args>` for the engine of `trailbossHome`. */
export async function startTuiPane(
  trailbossHome: string,
  opts: { args?: readonly string[]; env?: Record<string, string>; width?: number; height?: number } = {},
): Promise<TuiPane> {
  const tmux = await startPrivateTmux();
  const cli = [PINNED_NODE, LAUNCHER, 'tui', ...(opts.args ?? [])].map((a) => `'${a}'`).join(' ');
  // After the UI: its exit code, then the terminal's icanon/echo flags (raw mode turns both off).
  const after = `echo "TUI-EXIT=$?"; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; exec sleep 600`;
  const paneId = await tmux.newPane(`${cli}; ${after}`, {
    width: opts.width ?? 80,
    height: opts.height ?? 24,
    env: { TRAILBOSS_HOME: trailbossHome, HOME: join(tmux.dir), TERM: 'xterm-256color', ...opts.env },
  });
  const screen = async () => (await tmux.tmux(['capture-pane', '-p', '-t', paneId])).split('\n').map((l) => l.trimEnd());
  return {
    tmux,
    paneId,
    screen,
    waitForScreen: async (test, what, timeoutMs = 30_000) => {
      let last = '';
      try {
        return await poll(
          async () => {
            last = (await screen()).join('\n');
            return test(last) ? last : null;
          },
          what,
          { timeoutMs, intervalMs: 50 },
        );
      } catch (error) {
        // The screen that did not match says why (a refusal, a banner, a half-drawn frame).
        throw new Error(`${error instanceof Error ? error.message : String(error)}; the screen:\n${last}`, { cause: error });
      }
    },
    send: async (...keys) => void (await tmux.tmux(['send-keys', '-t', paneId, ...keys])),
    type: async (text) => void (await tmux.tmux(['send-keys', '-t', paneId, '-l', text])),
    format: async (format) => (await tmux.tmux(['display-message', '-p', '-t', paneId, format])).trim(),
    async pid() {
      const shell = (await tmux.tmux(['display-message', '-p', '-t', paneId, '#{pane_pid}'])).trim();
      const { execFileSync } = await import('node:child_process');
      const child = execFileSync('ps', ['-o', 'pid=', '--ppid', shell], { encoding: 'utf8' }).trim().split('\n')[0] ?? '';
      return Number(child.trim());
    },
    dispose: () => tmux.kill(),
  };
}
