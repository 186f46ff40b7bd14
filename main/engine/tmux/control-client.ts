/** TmuxClient over one long-lived control-mode client: no process per capture, one per (re)connect. */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { Runner, Spawner } from '../platform/run.ts';
import { captureArgs, joinOutput, screenCapture } from './capture-commands.ts';
import { ControlChangeFeed } from './change-feed.ts';
import type { ControlNotice } from './control-connection.ts';
import { ConnectionLost, ControlConnection } from './control-connection.ts';
import type { ControlReply } from './control-protocol.ts';
import { tmuxFailure } from './errors.ts';
import type { TmuxLauncher } from './launcher.ts';
import { localTmuxLauncher } from './launcher.ts';
import { tmuxGlobalArgs, WATCHER_SESSION_PREFIX } from './server-args.ts';
import { CONTROL_CLIENTS, othersListen, SESSIONS_ATTACHED, unattachedWatchers } from './foreign-clients.ts';
import {
  focusCommands,
  listClientsArgs,
  listPanesArgs,
  pasteCommands,
  probeServer,
  sendKeysArgs,
  sendTextArgs,
  userClients,
  userPanes,
} from './operations.ts';
import type { CaptureRequest, ClientInfo, PaneInfo, PaneScreenCapture, TmuxClient, TmuxServer } from './types.ts';
import { TmuxError } from './types.ts';

/** Options of a control-mode client. */
export interface ControlClientOptions {
  readonly logger: Logger;
  readonly clock: Clock;
  /** Per command, and for the start handshake. */
  readonly timeoutMs?: number;
  /** How tmux is started: this machine's binary (default) or tmux on a configured host over ssh. */
  readonly launcher?: TmuxLauncher;
  /**
   * A local server's socket (socket-path.ts). While it is absent no server runs, and the client says
   * so without starting a `tmux` process to ask: an engine started before the user's first tmux
   * (a tray app at login) would otherwise start one every tick, about 1 % of a core. It still asks
   * tmux every `SOCKET_RECHECK_MS`, so a path computed wrongly costs that much delay, never the server.
   */
  readonly socketPath?: string;
  /** Open with output on and give tmux's change signal (`changes`); off: `no-output`, as before. */
  readonly changeEvents?: boolean;
}

/** How often a client whose socket is absent still asks tmux itself. */
export const SOCKET_RECHECK_MS = 10_000;

let watcherCount = 0;

/** The preferred client. Connects lazily, reconnects after the server (or the client) went away. */
export class ControlModeClient implements TmuxClient {
  private conn: ControlConnection | null = null;
  private connecting: Promise<ControlConnection> | null = null;
  private closed = false;
  private readonly globalArgs: string[];
  private readonly timeoutMs: number;
  private readonly launcher: TmuxLauncher;
  private probedAt = -Infinity;
  /** tmux's change signal, when opened with change events. */
  readonly changes: ControlChangeFeed | undefined;

  constructor(
    readonly server: TmuxServer,
    private readonly runner: Runner & Spawner,
    private readonly opts: ControlClientOptions,
  ) {
    this.globalArgs = tmuxGlobalArgs(server);
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.launcher = opts.launcher ?? localTmuxLauncher(process.pid);
    this.changes = opts.changeEvents === true ? new ControlChangeFeed(opts.logger, opts.clock) : undefined;
  }

  /** The watcher session's name while connected (tests, diagnostics). */
  watcherSession: string | null = null;

  /** True while a control client process is up (a call would not have to start one). */
  get connected(): boolean {
    return this.conn?.alive ?? false;
  }

  /** Connect now (the factory uses it to decide between control mode and the batch fallback). */
  async connect(): Promise<void> {
    await this.connection('new-session');
  }

  async listPanes(): Promise<PaneInfo[]> {
    const out = await this.quietly(() => this.one(listPanesArgs(this.changes !== undefined)));
    if (out === null) return [];
    const panes = userPanes(out);
    // Only watcher sessions left: let go, so tmux can exit as it would without us (exit-empty).
    if (panes.length === 0) await this.disconnect('only watcher sessions left');
    return panes;
  }

  async listClients(): Promise<ClientInfo[]> {
    const out = await this.quietly(() => this.one(listClientsArgs()));
    return out === null ? [] : userClients(out);
  }

  async capture(requests: readonly CaptureRequest[]): Promise<PaneScreenCapture[]> {
    if (requests.length === 0) return [];
    // One capture per pane: with colour, the plain lines are the `-e` lines without escapes.
    const commands = requests.map((r) => captureArgs(r.paneId, r.colour));
    // Paused panes are continued first, in the same write: output after the capture is signalled again
    // (those kept paused through it excepted: the observer holds them on or releases them after).
    const kept = new Set(requests.filter((r) => r.keepPaused === true).map((r) => r.paneId));
    const resume =
      this.changes?.beforeCapture(
        requests.map((r) => r.paneId),
        kept,
      ) ?? [];
    const settled = (await this.batch('capture-pane', [...resume, ...commands])).slice(resume.length);
    const results: PaneScreenCapture[] = [];
    requests.forEach((r, i) => {
      const reply = settled[i]!;
      if (!reply.ok) {
        // Gone between list-panes and capture: left out, the next list-panes tells the observer.
        this.opts.logger.log('debug', 'tmux.capture.missing', { pane: r.paneId, error: reply.lines.join(' ') });
        return;
      }
      results.push({ ...screenCapture(r.paneId, reply.lines, r.colour), serverSecond: reply.time });
    });
    return results;
  }

  async sendKeys(paneId: string, keys: readonly string[]): Promise<void> {
    await this.one(sendKeysArgs(paneId, keys));
  }

  async sendText(paneId: string, text: string): Promise<void> {
    if (text !== '') await this.one(sendTextArgs(paneId, text));
  }

  async pasteText(paneId: string, text: string): Promise<void> {
    const { load, paste, cleanup } = pasteCommands(paneId, text, `trailboss-${randomBytes(6).toString('hex')}`);
    const [loaded, pasted] = await this.batch('paste-buffer', [load, paste]);
    if (!loaded!.ok) throw tmuxFailure('set-buffer', loaded!.lines.join('\n'));
    if (!pasted!.ok) {
      await this.batch('delete-buffer', [cleanup]).catch(() => {});
      throw tmuxFailure('paste-buffer', pasted!.lines.join('\n'));
    }
  }

  async focusPane(paneId: string, clientTty?: string): Promise<void> {
    // With change events the pane's window is also in our watcher session: name the user's own.
    const home = this.changes ? (await this.listPanes()).find((p) => p.paneId === paneId) : undefined;
    const commands = focusCommands(paneId, clientTty, home);
    const replies = await this.batch(commands[0]![0]!, commands);
    const failed = replies.findIndex((r) => !r.ok);
    if (failed >= 0) throw tmuxFailure(commands[failed]![0]!, replies[failed]!.lines.join('\n'));
  }

  async command(args: readonly string[]): Promise<string> {
    return this.one(args);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting?.catch(() => null);
    await this.disconnect('closed');
  }

  /** Run one command; its output as CLI-style text, or a TmuxError naming it. */
  private async one(args: readonly string[]): Promise<string> {
    const [reply] = await this.batch(args[0] ?? '', [args]);
    if (!reply!.ok) throw tmuxFailure(args[0] ?? '', reply!.lines.join('\n'));
    return joinOutput(reply!.lines);
  }

  /** Send commands together; every reply (ok or %error), or a TmuxError when the connection is lost. */
  private async batch(subcommand: string, commands: readonly (readonly string[])[]): Promise<ControlReply[]> {
    const conn = await this.connection(subcommand);
    try {
      return await Promise.all(conn.send(commands));
    } catch (err) {
      if (!(err instanceof ConnectionLost)) throw err;
      // The client died under us: the server going away, someone killing the watcher session, or the link (ssh) failing.
      if (conn.transportError) throw conn.transportError;
      const probe = await probeServer(this.runner, this.launcher, this.globalArgs, subcommand, this.timeoutMs).then(
        () => null,
        (e: unknown) => e,
      );
      if (probe instanceof TmuxError && probe.kind === 'unreachable') throw probe;
      throw new TmuxError(probe === null ? 'failed' : 'no-server', subcommand, err.message, '', err);
    }
  }

  /** The live connection, opening one when needed (one attempt at a time). */
  private async connection(subcommand: string): Promise<ControlConnection> {
    if (this.closed) throw new TmuxError('failed', subcommand, 'client closed');
    if (this.conn?.alive) return this.conn;
    this.connecting ??= this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<ControlConnection> {
    const now = this.opts.clock.now();
    if (this.opts.socketPath !== undefined && now - this.probedAt < SOCKET_RECHECK_MS && !existsSync(this.opts.socketPath))
      throw new TmuxError('no-server', 'list-sessions', `no server running on ${this.opts.socketPath}`);
    this.probedAt = now;
    // Probe first: `tmux -C new-session` would otherwise start a server (with the user's config) where none runs.
    await probeServer(this.runner, this.launcher, this.globalArgs, 'list-sessions', this.timeoutMs);
    const sessionName = `${WATCHER_SESSION_PREFIX}${process.pid}-${++watcherCount}`;
    const conn = await ControlConnection.open(
      {
        globalArgs: this.globalArgs,
        sessionName,
        launcher: this.launcher,
        spawner: this.runner,
        clock: this.opts.clock,
        logger: this.opts.logger,
        timeoutMs: this.timeoutMs,
        ...(this.changes ? { onNotice: (notice: ControlNotice) => this.changes?.notice(notice) } : {}),
        onClosed: (reason) => {
          if (this.conn === conn) {
            this.changes?.disconnected();
            this.conn = null;
            this.watcherSession = null;
          }
          this.opts.logger.log('info', 'tmux.control.closed', { server: this.server, reason });
        },
      },
      `trailboss-ready-${randomBytes(8).toString('hex')}`,
    );
    if (this.closed) {
      await conn.close();
      throw new TmuxError('failed', 'new-session', 'client closed');
    }
    this.conn = conn;
    this.watcherSession = sessionName;
    this.changes?.connected({ session: sessionName, send: (commands) => conn.send(commands) });
    void this.sweepWatchers(conn, sessionName);
    this.opts.logger.log('info', 'tmux.control.open', { server: this.server, session: sessionName });
    return conn;
  }

  /**
   * Kill the watcher sessions no client holds (foreign-clients.ts `unattachedWatchers`): a previous
   * connection's of ours, lost while we live on, or a dead engine's. Not while another control client
   * is attached: each would tell it `%window-close` for every agent window linked into it.
   */
  private async sweepWatchers(conn: ControlConnection, own: string): Promise<void> {
    const [clients, sessions] = await Promise.all(conn.send([CONTROL_CLIENTS, SESSIONS_ATTACHED])).catch(() => [null, null]);
    if (!clients?.ok || !sessions?.ok) return;
    const stale = unattachedWatchers(sessions.lines, own);
    if (stale.length === 0) return;
    if (othersListen(clients.lines)) {
      this.opts.logger.log('info', 'tmux.control.watchers-left', { server: this.server, sessions: stale.length });
      return;
    }
    this.opts.logger.log('info', 'tmux.control.watchers-swept', { server: this.server, sessions: stale.length });
    await Promise.all(conn.send(stale.map((name) => ['kill-session', '-t', `=${name}`]))).catch(() => {});
  }

  private async disconnect(reason: string): Promise<void> {
    const conn = this.conn;
    this.conn = null;
    this.watcherSession = null;
    this.changes?.disconnected();
    if (conn) {
      this.opts.logger.log('debug', 'tmux.control.disconnect', { reason });
      await conn.close();
    }
  }

  /** Result of fn, or null when there is no server (listing an absent server is not an error). */
  private async quietly(fn: () => Promise<string>): Promise<string | null> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof TmuxError && err.kind === 'no-server') return null;
      throw err;
    }
  }
}
