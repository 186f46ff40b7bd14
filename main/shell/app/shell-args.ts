/**
 * The app's own command-line flags. Electron and Chromium add their own (`--no-sandbox`,
 * `--inspect`…) and the packaged and dev layouts put the app path in different places, so flags
 * are picked out wherever they are and everything else is ignored.
 */

/** What the flags ask for. */
export interface ShellArgs {
  /** Watch only these tmux sockets (tests, or a user who keeps agents on a private server). Empty = default server + config. */
  readonly tmuxSockets: readonly string[];
  /** Open the queue window right away (also what a second launch asks the running one). */
  readonly openQueue: boolean;
  /** Expose the e2e test hook on the main process's globalThis. */
  readonly testHook: boolean;
}

/** Reads our flags from argv; unknown flags are someone else's. */
export function parseShellArgs(argv: readonly string[]): ShellArgs {
  const tmuxSockets: string[] = [];
  let openQueue = false;
  let testHook = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--tmux-socket') {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        tmuxSockets.push(next);
        i++;
      }
    } else if (arg.startsWith('--tmux-socket=')) {
      const value = arg.slice('--tmux-socket='.length);
      if (value !== '') tmuxSockets.push(value);
    } else if (arg === '--open-queue') openQueue = true;
    else if (arg === '--test-hook') testHook = true;
  }
  return { tmuxSockets, openQueue, testHook };
}
