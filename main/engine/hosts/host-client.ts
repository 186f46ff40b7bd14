/**
 * A TmuxClient for a tmux server on another host. It never makes a caller wait for ssh to connect:
 * connecting happens in the background (retried with backoff 1 s → 60 s), and while the link is not
 * up every call fails at once with an `unreachable` TmuxError that says since when — so a silent
 * host can slow neither the observer's tick nor an action. Once up, calls go straight through.
 */
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { ControlModeClient } from '../tmux/control-client.ts';
import type { CaptureRequest, ClientInfo, PaneChangeFeed, PaneInfo, PaneScreenCapture, TmuxClient, TmuxServer } from '../tmux/types.ts';
import { TmuxError } from '../tmux/types.ts';
import type { HostShell } from './host-shell.ts';
import { reconnectDelayMs } from './reconnect-backoff.ts';
import type { SshFailureKind } from './ssh-failure.ts';
import { sshFailureOf } from './ssh-launcher.ts';

/** Where a host's link stands. */
export type HostLinkStatus =
  /** The first connection is being made. */
  | { readonly kind: 'connecting'; readonly since: number }
  /** Connected: calls go through. */
  | { readonly kind: 'up'; readonly since: number }
  /** The host answers but no tmux server runs there (nothing to watch; looked at again shortly). */
  | { readonly kind: 'no-server'; readonly since: number; readonly retryAt: number }
  /** ssh failed (or the channel was lost: `failures` 0): `since` is when the host was last reachable (or first tried). */
  | {
      readonly kind: 'down';
      readonly since: number;
      readonly message: string;
      readonly failure: SshFailureKind | null;
      readonly failures: number;
      readonly retryAt: number;
    };

/** How often a reachable host without a tmux server is looked at again. */
export const NO_SERVER_RECHECK_MS = 5_000;

/** What the host client needs. */
export interface HostClientDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Told on every change of link status (notifications, the status view). */
  readonly onStatus?: (host: string, status: HostLinkStatus) => void;
  /** Commands on the host over the same connection (transcripts, processes, git for a restart). */
  readonly shell?: HostShell;
}

/** "host gpu unreachable since 14:02:11 (the host cannot be reached …)": the reason actions and views give. */
export function unreachableReason(host: string, status: HostLinkStatus): string | null {
  switch (status.kind) {
    case 'up':
    case 'no-server':
      return null;
    case 'connecting':
      return `host ${host} not connected yet (connecting since ${new Date(status.since).toISOString()})`;
    case 'down':
      return `host ${host} unreachable since ${new Date(status.since).toISOString()}: ${status.message}`;
  }
}

/** The control-mode client of one remote server, behind the link state. */
export class HostTmuxClient implements TmuxClient {
  private state: HostLinkStatus;
  private attempt: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly inner: ControlModeClient,
    readonly host: string,
    private readonly deps: HostClientDeps,
  ) {
    this.state = { kind: 'connecting', since: deps.clock.now() };
  }

  get server(): TmuxServer {
    return this.inner.server;
  }

  /** Commands on the host through this server's connection; null when none was given. */
  get shell(): HostShell | null {
    return this.deps.shell ?? null;
  }

  /** The link's status now. */
  status(): HostLinkStatus {
    return this.state;
  }

  /** Why the server cannot be used now, or null when it can. */
  unreachable(): string | null {
    return unreachableReason(this.host, this.state);
  }

  /** Start connecting now (in the background); resolves when this attempt has ended either way. */
  connectInBackground(): Promise<void> {
    this.ensureAttempt(true);
    return this.attempt ?? Promise.resolve();
  }

  /** The inner control client's change signal (it rides on the same ssh channel). */
  get changes(): PaneChangeFeed | undefined {
    return this.inner.changes;
  }

  async listPanes(): Promise<PaneInfo[]> {
    return this.guard('list-panes', () => this.inner.listPanes(), []);
  }

  async listClients(): Promise<ClientInfo[]> {
    return this.guard('list-clients', () => this.inner.listClients(), []);
  }

  capture(requests: readonly CaptureRequest[]): Promise<PaneScreenCapture[]> {
    return this.guard('capture-pane', () => this.inner.capture(requests));
  }

  sendKeys(paneId: string, keys: readonly string[]): Promise<void> {
    return this.guard('send-keys', () => this.inner.sendKeys(paneId, keys));
  }

  sendText(paneId: string, text: string): Promise<void> {
    return this.guard('send-keys', () => this.inner.sendText(paneId, text));
  }

  pasteText(paneId: string, text: string): Promise<void> {
    return this.guard('paste-buffer', () => this.inner.pasteText(paneId, text));
  }

  focusPane(paneId: string, clientTty?: string): Promise<void> {
    return this.guard('select-pane', () => this.inner.focusPane(paneId, clientTty));
  }

  command(args: readonly string[]): Promise<string> {
    return this.guard(args[0] ?? '', () => this.inner.command(args));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.attempt;
    await this.inner.close();
  }

  /**
   * Through to the inner client when connected; otherwise start connecting (if it is time) and fail
   * at once — or answer `whenNoServer` (lists) while the host is known to have no tmux server.
   */
  private async guard<T>(subcommand: string, fn: () => Promise<T>, whenNoServer?: T): Promise<T> {
    if (this.closed) throw new TmuxError('failed', subcommand, 'client closed');
    if (!this.inner.connected) {
      // The channel went (a killed master, a dropped link): out of sight from now until a reconnect,
      // which starts at once behind the caller's back, never in its way.
      if (this.state.kind === 'up') {
        const now = this.deps.clock.now();
        this.setState({ kind: 'down', since: now, message: 'connection lost; reconnecting', failure: null, failures: 0, retryAt: now });
      }
      this.ensureAttempt(false);
      if (this.state.kind === 'no-server') {
        if (whenNoServer !== undefined) return whenNoServer;
        throw new TmuxError('no-server', subcommand, `no tmux server on host ${this.host}`);
      }
      if (this.state.kind !== 'up') throw new TmuxError('unreachable', subcommand, this.unreachable() ?? `host ${this.host} unreachable`);
    }
    try {
      return await fn();
    } catch (error) {
      if (error instanceof TmuxError && error.kind === 'unreachable') this.markDown(error);
      else if (error instanceof TmuxError && error.kind === 'no-server')
        this.setState({ kind: 'no-server', since: this.deps.clock.now(), retryAt: this.deps.clock.now() + NO_SERVER_RECHECK_MS });
      throw error;
    }
  }

  /** One background connection attempt at a time, and only when the backoff says so (or `now`). */
  private ensureAttempt(now: boolean): void {
    if (this.attempt || this.closed) return;
    const at = this.deps.clock.now();
    if (!now && (this.state.kind === 'down' || this.state.kind === 'no-server') && at < this.state.retryAt) return;
    this.attempt = this.inner
      .connect()
      .then(
        () => {
          if (this.state.kind !== 'up') this.setState({ kind: 'up', since: this.deps.clock.now() });
        },
        (error: unknown) => {
          if (error instanceof TmuxError && error.kind === 'no-server') {
            this.setState({
              kind: 'no-server',
              since: this.state.kind === 'no-server' ? this.state.since : this.deps.clock.now(),
              retryAt: this.deps.clock.now() + NO_SERVER_RECHECK_MS,
            });
          } else this.markDown(error);
        },
      )
      .finally(() => (this.attempt = null));
  }

  private markDown(error: unknown): void {
    const now = this.deps.clock.now();
    const failures = this.state.kind === 'down' ? this.state.failures + 1 : 1;
    const since = this.state.kind === 'down' || this.state.kind === 'connecting' ? this.state.since : now;
    const failure = sshFailureOf(error);
    const message = failure
      ? `${failure.message}${failure.detail ? ` (${failure.detail})` : ''}`
      : error instanceof Error
        ? error.message
        : String(error);
    this.setState({ kind: 'down', since, message, failure: failure?.kind ?? null, failures, retryAt: now + reconnectDelayMs(failures) });
  }

  private setState(next: HostLinkStatus): void {
    const before = this.state;
    this.state = next;
    if (before.kind !== next.kind || (next.kind === 'down' && before.kind === 'down' && before.message !== next.message)) {
      this.deps.logger.log(next.kind === 'down' ? 'warn' : 'info', 'host.link', {
        host: this.host,
        server: this.inner.server,
        status: next,
      });
      this.deps.onStatus?.(this.host, next);
    }
  }
}
