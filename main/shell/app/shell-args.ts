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
  /** Expose the e2e test hook on the main process's globalThis (refused in a packaged build: see shell-flags). */
  readonly testHook: boolean;
  /** Started by the login item / autostart entry (which pass this flag), not by the user's hand. */
  readonly atLogin: boolean;
}

/** The flag the login item and the autostart entry start the app with. */
export const AT_LOGIN_FLAG = '--at-login';

/** Reads our flags from argv; unknown flags are someone else's. */
export function parseShellArgs(argv: readonly string[]): ShellArgs {
  const tmuxSockets: string[] = [];
  let openQueue = false;
  let testHook = false;
  let atLogin = false;
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
    else if (arg === AT_LOGIN_FLAG) atLogin = true;
  }
  return { tmuxSockets, openQueue, testHook, atLogin };
}

/**
 * Whether to show the queue window once started. Started by hand it opens: on GNOME without the
 * AppIndicator extension there is no tray icon, and an app with no window would be invisible.
 * Started at login it stays in the tray (the user did not ask to see it now).
 */
export function opensQueueAtStart(args: ShellArgs, openedAtLogin: boolean): boolean {
  if (args.openQueue) return true;
  return !(args.atLogin || openedAtLogin);
}

/** The test hook only in an unpackaged app: in a packaged one it would let anything that can start the app drive it. */
export function testHookAllowed(args: ShellArgs, packaged: boolean): boolean {
  return args.testHook && !packaged;
}
