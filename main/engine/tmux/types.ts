/** The tmux client's public shape: what the observer and the actions need from tmux, nothing more. */

/**
 * Which tmux server to talk to: the user's default, or a socket path (as `tmux -S`), or a name (as
 * `tmux -L`, tests). `host` names a configured host the server runs on (absent: this machine).
 */
export type TmuxServer = (
  { readonly kind: 'default' } | { readonly kind: 'socket'; readonly path: string } | { readonly kind: 'name'; readonly name: string }
) & { readonly host?: string };

/**
 * A stable string for a server, used in pane keys: `default`, `S:/path`, `L:name`; on a configured
 * host the same behind `@<host>:` (`@gpu:S:/tmp/s`). Host names never contain `:` or `|`.
 */
export function serverKey(server: TmuxServer): string {
  const prefix = server.host === undefined ? '' : `@${server.host}:`;
  switch (server.kind) {
    case 'default':
      return `${prefix}default`;
    case 'socket':
      return `${prefix}S:${server.path}`;
    case 'name':
      return `${prefix}L:${server.name}`;
  }
}

/** One pane as `list-panes -a` reports it. */
export interface PaneInfo {
  /** `%7` — unique within a server for its lifetime. */
  readonly paneId: string;
  readonly sessionName: string;
  readonly sessionId: string;
  readonly windowIndex: number;
  readonly windowId: string;
  readonly paneIndex: number;
  /** `session:window.pane`, for humans and for `-t`. */
  readonly target: string;
  readonly pid: number;
  readonly currentCommand: string;
  readonly currentPath: string;
  readonly width: number;
  readonly height: number;
  readonly alternateOn: boolean;
  readonly dead: boolean;
  /** Seconds since the epoch of the window's last activity (tmux `window_activity`). */
  readonly windowActivity: number;
  readonly title: string;
}

/** One attached client (a terminal showing some session). */
export interface ClientInfo {
  readonly tty: string;
  readonly pid: number;
  readonly sessionName: string;
  /** Seconds since the epoch of the client's last input (tmux `client_activity`). */
  readonly activity: number;
  readonly termName: string;
}

/** A pane's screen as captured: plain lines, and the `-e` coloured lines when asked for. */
export interface PaneScreenCapture {
  readonly paneId: string;
  readonly lines: readonly string[];
  readonly ansiLines?: readonly string[];
  /**
   * The tmux server's clock, in whole seconds, when it took the capture (a control client's reply
   * says so). Compared with the window's activity, which is on the same clock: a host over ssh may
   * be seconds off this machine's.
   */
  readonly serverSecond?: number;
}

/** Request for one capture in a batch. */
export interface CaptureRequest {
  readonly paneId: string;
  /** Also capture with `-e` (colour escapes). */
  readonly colour: boolean;
  /**
   * Leave the pane's output paused through this capture if the change signal holds it (a working agent
   * expected to be still redrawing): the observer then holds it on or releases it, by what it sees.
   */
  readonly keepPaused?: boolean;
}

/**
 * Why a tmux call failed, sorted into kinds the engine reacts to. `unreachable`: the host the server
 * runs on cannot be reached (ssh failed) — its panes are not gone, only out of sight.
 */
export type TmuxErrorKind = 'not-installed' | 'no-server' | 'no-such-pane' | 'unreachable' | 'failed';

/** A failed tmux call: always names the subcommand. */
export class TmuxError extends Error {
  constructor(
    readonly kind: TmuxErrorKind,
    readonly subcommand: string,
    message: string,
    readonly stderr = '',
    override readonly cause?: unknown,
  ) {
    super(`tmux ${subcommand}: ${message}`);
    this.name = 'TmuxError';
  }
}

/** One word from tmux's change signal. */
export type PaneChange =
  /** The pane wrote to its terminal; `paused`: tmux holds its further output back until its next capture. */
  | { readonly kind: 'output'; readonly paneId: string; readonly paused: boolean }
  /** The signal (re)started on a new control connection: any pane may have changed unseen before it. */
  | { readonly kind: 'reset' }
  /** The server's set of panes changed (one came or went, or runs another command): list them again. */
  | { readonly kind: 'panes' };

/**
 * tmux's own signal that a pane changed: the `%output` notifications of a control-mode client (flow
 * control needs tmux 3.2). Only "pane X changed" is kept; the bytes are never buffered or read.
 */
export interface PaneChangeFeed {
  /** Why this server cannot give the signal (an old tmux, a refused command), or null while it can. */
  readonly unavailable: string | null;
  /**
   * tmux announces changes of the pane set on this connection (a `panes` change within a second of
   * one), so the panes need listing only then and on the safety net's pace, not every tick.
   */
  readonly announcesPanes?: boolean;
  /** Set the one listener (the observer's). */
  listen(listener: (change: PaneChange) => void): void;
  /** Give the signal for these panes and no others. Resolves false when it cannot be had (see `unavailable`). */
  follow(panes: readonly PaneInfo[]): Promise<boolean>;
  /**
   * Hold these panes' output back until their next capture (a working agent: its next look is a second
   * away whatever it writes, and every redraw sent as a notice costs the tmux server and us). Each is
   * signalled once more, `paused`, when tmux took it (at once for one still held from before).
   */
  hold?(paneIds: readonly string[]): void;
  /** Let these held panes' output flow again now (kept paused through a look that found them no longer redrawing). */
  release?(paneIds: readonly string[]): void;
}

/** Everything the engine does with one tmux server. Implementations: control-mode client, batched CLI. */
export interface TmuxClient {
  readonly server: TmuxServer;
  /** All panes on the server. An empty list when no server runs (never throws for that). */
  listPanes(): Promise<PaneInfo[]>;
  /** Attached clients (for the human-activity gate and jump). */
  listClients(): Promise<ClientInfo[]>;
  /** Capture many panes at once, without a process per pane. Panes that vanished are left out of the result. */
  capture(requests: readonly CaptureRequest[]): Promise<PaneScreenCapture[]>;
  /** Send tmux key names (`Enter`, `Escape`, `1`, `C-u`) — one send-keys call, keys in order. */
  sendKeys(paneId: string, keys: readonly string[]): Promise<void>;
  /** Type literal text (send-keys -l); never interpreted as key names. */
  sendText(paneId: string, text: string): Promise<void>;
  /** Paste text through a named tmux buffer (load-buffer + paste-buffer -d), for multi-line replies. */
  pasteText(paneId: string, text: string): Promise<void>;
  /** Make the pane current: select-window + select-pane, and switch-client for a client tty if given. */
  focusPane(paneId: string, clientTty?: string): Promise<void>;
  /** Run an arbitrary tmux command (for rarely used calls); returns stdout. */
  command(args: readonly string[]): Promise<string>;
  /** Stop any long-lived client process and remove the watcher session. Idempotent. */
  close(): Promise<void>;
  /** tmux's change signal, on a client that can give it (control mode opened with change events). */
  readonly changes?: PaneChangeFeed;
}
