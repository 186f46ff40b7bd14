/**
 * The jump plan: how to put a pane in front of the user, as data. With a tmux client attached to
 * the pane's server: switch that client to the pane, then bring its terminal window forward. With
 * none: open the user's terminal on the pane. jump-executor.ts runs the plan and reports what
 * worked; nothing here touches a process.
 */
import { focusCommands, paneTarget } from '../tmux/operations.ts';
import type { ClientInfo } from '../tmux/types.ts';
import type { Command, TerminalContext } from './terminal-command.ts';
import { defaultTerminalCommand, expandTerminalCommand } from './terminal-command.ts';

/** How to bring the client's terminal window forward. */
export type RaiseStep =
  /** macOS: find the terminal app among the client's ancestors and `open -a` it. */
  | { readonly kind: 'macos-activate'; readonly clientPid: number }
  /** Linux/X11: find a window of the client's ancestors with xdotool and activate it. */
  | { readonly kind: 'x11-activate'; readonly clientPid: number }
  /** Not possible here; `reason` says why, for the result message. */
  | { readonly kind: 'none'; readonly reason: string };

/** What to do. tmux commands are argv for the pane's server (its `-S`/`-L` flags are the client's business). */
export type JumpPlan =
  | { readonly kind: 'attached'; readonly client: ClientInfo; readonly tmux: readonly (readonly string[])[]; readonly raise: RaiseStep }
  | { readonly kind: 'open-terminal'; readonly tmux: readonly (readonly string[])[]; readonly launch: Command }
  | { readonly kind: 'impossible'; readonly reason: string };

/** Everything the plan depends on. */
export interface JumpInput {
  readonly paneId: string;
  readonly sessionName: string;
  /**
   * The pane's own session and window: with change events its window is also linked into the
   * engine's watcher session, and a bare pane id could resolve there (a terminal attached to it).
   */
  readonly home?: { readonly sessionId: string; readonly windowId: string };
  /** The server's socket path (`display-message -p '#{socket_path}'`), for a new terminal to reach the same server. */
  readonly socket: string;
  /** Attached clients of the pane's server (watcher clients already left out). */
  readonly clients: readonly ClientInfo[];
  /** The client to move if it is one of `clients` (a popup's opener); null for the usual choice. */
  readonly preferredClient?: string | null;
  readonly platform: NodeJS.Platform;
  /** `DISPLAY` is set (X11 or XWayland): xdotool can see windows. */
  readonly x11: boolean;
  /** The user's terminal command template for this platform; null = the platform default. */
  readonly terminalCommand: readonly string[] | null;
}

/**
 * The client to move: the preferred one when attached (the user asked from it), else one already
 * showing the pane's session if any (least disruptive), else the one used most recently (the
 * terminal the user is most likely looking at).
 */
export function chooseClient(clients: readonly ClientInfo[], sessionName: string, preferred: string | null = null): ClientInfo | null {
  const asked = preferred === null ? undefined : clients.find((c) => c.tty === preferred);
  if (asked !== undefined) return asked;
  const byActivity = [...clients].sort((a, b) => b.activity - a.activity);
  return byActivity.find((c) => c.sessionName === sessionName) ?? byActivity[0] ?? null;
}

function raiseStep(platform: NodeJS.Platform, x11: boolean, clientPid: number): RaiseStep {
  if (platform === 'darwin') return { kind: 'macos-activate', clientPid };
  if (platform === 'win32') return { kind: 'none', reason: 'bringing a WSL terminal forward is not supported on Windows' };
  if (!x11) return { kind: 'none', reason: 'no X11 display (on Wayland an app may not raise another app’s window)' };
  return { kind: 'x11-activate', clientPid };
}

/**
 * Builds the plan. The tmux commands select the pane's window and pane, then (with a client)
 * `switch-client -c <tty>` shows it there; a new terminal attaches to the pane id, which tmux resolves
 * to its session with that window and pane current. Throws TmuxError for a malformed pane id.
 */
export function planJump(input: JumpInput): JumpPlan {
  const client = chooseClient(input.clients, input.sessionName, input.preferredClient ?? null);
  if (client !== null) {
    return {
      kind: 'attached',
      client,
      tmux: focusCommands(input.paneId, client.tty, input.home),
      raise: raiseStep(input.platform, input.x11, client.pid),
    };
  }
  const ctx: TerminalContext = { target: paneTarget(input.paneId, input.home), socket: input.socket };
  const expanded = expandTerminalCommand(input.terminalCommand ?? defaultTerminalCommand(input.platform), ctx);
  if (!expanded.ok) return { kind: 'impossible', reason: `no terminal is attached, and ${expanded.problem}` };
  return { kind: 'open-terminal', tmux: focusCommands(input.paneId, undefined, input.home), launch: expanded.command };
}
