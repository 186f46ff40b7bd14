/** The tmux commands behind each TmuxClient method, shared by the control-mode and batch clients. */
import type { Runner } from '../platform/run.ts';
import type { TmuxLauncher } from './launcher.ts';
import { tmuxFailure, tmuxProcessFailure } from './errors.ts';
import { CLIENT_FORMAT, PANE_FORMAT } from './formats.ts';
import { parseClientList } from './parse-clients.ts';
import { parsePaneList } from './parse-panes.ts';
import { isPaneId, isWatcherSession, TMUX_ENV, WATCHER_SESSION_PREFIX } from './server-args.ts';
import type { ClientInfo, PaneInfo } from './types.ts';
import { TmuxError } from './types.ts';

/**
 * Every pane of the server. `withoutWatchers`: leave out the panes of watcher sessions in tmux itself.
 * A client that links the agents' windows into its watcher session (the change signal) would otherwise
 * have every agent pane listed twice, and tmux reads each one's command and path from /proc twice: the
 * filter keeps a 200-pane list at about 1.1× the cost of one without links instead of 2× (it costs
 * about 20 % more than no filter where nothing is linked, so only such a client asks for it).
 */
export function listPanesArgs(withoutWatchers = false): string[] {
  const filter = withoutWatchers ? ['-f', `#{?#{m:${WATCHER_SESSION_PREFIX}*,#{session_name}},0,1}`] : [];
  return ['list-panes', '-a', ...filter, '-F', PANE_FORMAT];
}

/** Every client of the server. */
export function listClientsArgs(): string[] {
  return ['list-clients', '-F', CLIENT_FORMAT];
}

/** Panes of the output minus those of watcher sessions (ours or another Trail Boss's). */
export function userPanes(output: string): PaneInfo[] {
  return parsePaneList(output).filter((p) => !isWatcherSession(p.sessionName));
}

/** Clients of the output minus watcher clients. */
export function userClients(output: string): ClientInfo[] {
  return parseClientList(output).filter((c) => !isWatcherSession(c.sessionName));
}

function checkPane(subcommand: string, paneId: string): void {
  // Only `%N` ids: a name-like target would let tmux pick a pane by prefix or fnmatch.
  if (!isPaneId(paneId)) throw new TmuxError('failed', subcommand, `not a pane id: ${JSON.stringify(paneId)}`);
}

/** send-keys with tmux key names, in order, in one call. `--` so a key like `-` is never an option. */
export function sendKeysArgs(paneId: string, keys: readonly string[]): string[] {
  checkPane('send-keys', paneId);
  if (keys.length === 0 || keys.some((k) => k === '')) throw new TmuxError('failed', 'send-keys', 'no keys (or an empty key name)');
  return ['send-keys', '-t', paneId, '--', ...keys];
}

/** send-keys -l: the text is typed literally, never read as key names. */
export function sendTextArgs(paneId: string, text: string): string[] {
  checkPane('send-keys', paneId);
  return ['send-keys', '-t', paneId, '-l', '--', text];
}

/**
 * Paste through a uniquely named buffer: set it, paste and delete it (`-d`). `-p` asks for bracketed
 * paste, which tmux uses only when the application enabled it: agent TUIs then keep a multi-line
 * reply in their input box instead of submitting at the first newline. Line feeds become carriage
 * returns (tmux's default separator), as if typed.
 */
export function pasteCommands(paneId: string, text: string, bufferName: string): { load: string[]; paste: string[]; cleanup: string[] } {
  checkPane('paste-buffer', paneId);
  return {
    load: ['set-buffer', '-b', bufferName, '--', text],
    paste: ['paste-buffer', '-d', '-p', '-b', bufferName, '-t', paneId],
    cleanup: ['delete-buffer', '-b', bufferName],
  };
}

/**
 * Make the pane current in its window and session, and show it on a client's terminal when a tty is
 * given. `home`: the user's session and window holding the pane, when its window is also linked into
 * a watcher session (change events): a bare pane id could then resolve to the watcher session.
 */
export function focusCommands(paneId: string, clientTty?: string, home?: { sessionId: string; windowId: string }): string[][] {
  checkPane('select-pane', paneId);
  const commands = [
    ['select-window', '-t', home ? `${home.sessionId}:${home.windowId}` : paneId],
    ['select-pane', '-t', paneId],
  ];
  if (clientTty) commands.push(['switch-client', '-c', clientTty, '-t', paneTarget(paneId, home)]);
  return commands;
}

/** A pane as a target that names its session too (`$1:@3.%7`) when known: a bare `%7` may resolve to a watcher session. */
export function paneTarget(paneId: string, home?: { sessionId: string; windowId: string }): string {
  return home ? `${home.sessionId}:${home.windowId}.${paneId}` : paneId;
}

/**
 * Is there a server with something to watch? Throws TmuxError `no-server` when no server runs or
 * it only holds watcher sessions, `not-installed` when tmux is missing. Never starts a server.
 */
export async function probeServer(
  runner: Runner,
  launcher: TmuxLauncher,
  globalArgs: readonly string[],
  subcommand: string,
  timeoutMs = 5000,
): Promise<void> {
  const { file, args } = launcher.command([...globalArgs, 'list-sessions', '-F', '#{session_name}'], 'run');
  const r = await runner.run(file, args, { env: TMUX_ENV, timeoutMs }).catch((err: unknown) => {
    throw launcher.transportFailure(subcommand, { error: err }) ?? tmuxProcessFailure(subcommand, err);
  });
  const transport = launcher.transportFailure(subcommand, r);
  if (transport) throw transport;
  if (r.exitCode !== 0) throw tmuxFailure('list-sessions', r.stderr || `exit code ${r.exitCode}`);
  const sessions = r.stdout.split('\n').filter((s) => s !== '' && !isWatcherSession(s));
  if (sessions.length === 0) throw new TmuxError('no-server', 'list-sessions', 'no sessions besides watcher sessions');
}
