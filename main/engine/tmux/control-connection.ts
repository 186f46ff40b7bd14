/** One live `tmux -C` client process: spawn, handshake, pipelined commands matched to reply blocks in order. */
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { LongLivedProcess, Spawner } from '../platform/run.ts';
import type { ControlReply } from './control-protocol.ts';
import { ControlParser, outputPaneIdOf } from './control-protocol.ts';
import { tmuxFailure, tmuxProcessFailure } from './errors.ts';
import { CONTROL_CLIENTS, othersListen } from './foreign-clients.ts';
import { LineSplitter } from './line-splitter.ts';
import { commandLine } from './quote.ts';
import type { TmuxLauncher } from './launcher.ts';
import { OWNER_PID_ARG } from './launcher.ts';
import { TMUX_ENV } from './server-args.ts';
import { TmuxError } from './types.ts';

/**
 * The watcher pane's program, run directly (argv form, no user shell: fish or csh would not parse
 * it). When our pid is not visible from the server (another pid namespace) it just waits forever.
 */
export function watcherCommand(ownerPid: number | string): string[] {
  const script = 'if kill -0 "$1" 2>/dev/null; then while kill -0 "$1" 2>/dev/null; do sleep 2; done; else exec cat; fi';
  return ['/bin/sh', '-c', script, 'trailboss-watch', String(ownerPid)];
}

/** How long close() waits for tmux to say who else is attached before it leaves the session as it is (a hung server must not hold it up). */
const CLOSE_ASK_MS = 1000;

/** Raised for commands in flight when the client process went away; the caller decides what that means. */
export class ConnectionLost extends Error {
  constructor(readonly reason: string) {
    super(`tmux control client exited${reason ? ` (${reason})` : ''}`);
    this.name = 'ConnectionLost';
  }
}

interface Pending {
  readonly subcommand: string;
  readonly resolve: (reply: ControlReply) => void;
  readonly reject: (err: unknown) => void;
  timer: TimerHandle | null;
  settled: boolean;
}

/** What opening needs. */
export interface ControlConnectionOptions {
  readonly globalArgs: readonly string[];
  readonly sessionName: string;
  readonly spawner: Spawner;
  /** Turns the tmux argv into a process (this machine's tmux, or tmux over ssh). */
  readonly launcher: TmuxLauncher;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly timeoutMs: number;
  /** Called once when the process is gone (after open succeeded). */
  readonly onClosed: (reason: string) => void;
  /**
   * Receive pane output notices (tmux's change signal): the client is opened with output on and
   * `pause-after` flow control instead of `no-output`. Absent: no `%output` traffic at all.
   */
  readonly onNotice?: (notice: ControlNotice) => void;
}

/** What a control client with output on hears about panes and sessions, reduced to what the engine acts on. */
export type ControlNotice =
  | { readonly kind: 'output'; readonly paneId: string }
  /** tmux paused the pane's output for this client (asked to, or because it fell `pause-after` behind). */
  | { readonly kind: 'pause'; readonly paneId: string }
  /** A session was created or destroyed somewhere on the server. */
  | { readonly kind: 'sessions-changed' }
  /** The value of this client's format subscription `name` changed (`refresh-client -B`, tmux 3.2). */
  | { readonly kind: 'subscription-changed'; readonly name: string };

/** Client flags: never part of a size calculation; output only when change notices are wanted. */
export function controlClientFlags(notices: boolean): string {
  // pause-after: tmux pauses a pane (and says %pause) rather than buffering its output for a reader that lags.
  return notices ? 'ignore-size,pause-after=1' : 'no-output,ignore-size';
}

/** A handshaken control-mode client attached to its own watcher session. */
export class ControlConnection {
  private readonly parser = new ControlParser();
  private readonly splitter = new LineSplitter();
  private readonly pending: Pending[] = [];
  private ready = false;
  private dead = false;
  private exitReason = '';
  private stderr = '';
  private readyToken: string;
  private onReady: ((err: TmuxError | null) => void) | null = null;
  /** Set when the process ended because its transport failed (ssh), not because tmux said so. */
  transportError: TmuxError | null = null;

  private constructor(
    private readonly proc: LongLivedProcess,
    private readonly opts: ControlConnectionOptions,
    readyToken: string,
  ) {
    this.readyToken = readyToken;
    proc.onStdout((chunk) => this.lines(this.splitter.pushBytes(chunk)));
    proc.onStderr((chunk) => void (this.stderr += chunk.toString('utf8')));
    void proc.exited.then((exit) => {
      const outcome = exit.error ? { error: exit.error } : { exitCode: exit.exitCode, stderr: this.stderr };
      // Failures of the transport (ssh) are told apart from tmux's own, which close the same way.
      this.transportError = opts.launcher.transportFailure('new-session', outcome);
      this.gone(this.transportError ?? (exit.error ? tmuxProcessFailure('new-session', exit.error) : null));
    });
  }

  /**
   * Start `tmux -C new-session` on a fresh watcher session. The session's only pane runs a tiny
   * POSIX sh loop that lives as long as our process does, so the session (and with it this client)
   * disappears within seconds when the app dies, even by SIGKILL; close() kills it at once.
   * Not `destroy-unattached`: tmux segfaults — taking the user's whole server and every agent in it
   * down — when a destroy-unattached session's client exits while another client disconnects
   * (reproduced here on 3.3a in ~40% of closes; upstream tmux/tmux#5497 describes the same race).
   * The client flags keep it out of every size calculation and, unless notices are wanted, stop
   * `%output` traffic (which tmux sends only for panes of windows linked into the client's session).
   */
  static open(opts: ControlConnectionOptions, readyToken: string): Promise<ControlConnection> {
    const args = [
      ...opts.globalArgs,
      '-C',
      'new-session',
      '-s',
      opts.sessionName,
      '-x',
      '20',
      '-y',
      '5',
      '-E',
      '-c',
      '/',
      '-f',
      controlClientFlags(opts.onNotice !== undefined),
      ...watcherCommand(OWNER_PID_ARG),
      ';',
      'display-message',
      '-p',
      readyToken,
    ];
    const command = opts.launcher.command(args, 'control');
    const proc = opts.spawner.spawnLongLived(command.file, command.args, { env: TMUX_ENV });
    const conn = new ControlConnection(proc, opts, readyToken);
    return new Promise((resolve, reject) => {
      const timer = opts.clock.setTimeout(() => conn.failOpen(conn.startTimeout()), opts.timeoutMs);
      conn.onReady = (err) => {
        timer.cancel();
        conn.onReady = null;
        if (err) reject(err);
        else resolve(conn);
      };
    });
  }

  /** True until the process has gone. */
  get alive(): boolean {
    return !this.dead;
  }

  /** Send commands (one per line, written at once); one promise per command, settled by its reply block. */
  send(commands: readonly (readonly string[])[]): Promise<ControlReply>[] {
    const lines: string[] = [];
    const promises = commands.map((args) => {
      const subcommand = args[0] ?? '';
      if (this.dead) return Promise.reject(new ConnectionLost(this.exitReason));
      let line: string;
      try {
        line = commandLine(args);
      } catch (err) {
        return Promise.reject(new TmuxError('failed', subcommand, (err as Error).message));
      }
      lines.push(line);
      return new Promise<ControlReply>((resolve, reject) => {
        const entry: Pending = { subcommand, resolve, reject, timer: null, settled: false };
        entry.timer = this.opts.clock.setTimeout(() => this.timedOut(entry), this.opts.timeoutMs);
        this.pending.push(entry);
      });
    });
    if (lines.length) this.proc.write(`${lines.join('\n')}\n`);
    return promises;
  }

  /**
   * Kill the watcher session (the client then exits) and close stdin; kill the client if it lingers.
   * Only when no other control client is attached, as far as tmux says: killing the session unlinks
   * the agent windows linked into it, and a terminal's integration hears `%window-close` for each and
   * closes their tabs (foreign-clients.ts). Then the session is left, unattached, for a later
   * connection to sweep once nobody else listens.
   */
  async close(): Promise<void> {
    if (this.dead) return;
    const clients = await this.within(this.send([CONTROL_CLIENTS])[0] ?? Promise.resolve(null), CLOSE_ASK_MS, null);
    if (clients?.ok && !othersListen(clients.lines)) this.send([['kill-session', '-t', `=${this.opts.sessionName}`]])[0]?.catch(() => {});
    else if (!this.dead)
      this.opts.logger.log('info', 'tmux.control.watcher-left', {
        session: this.opts.sessionName,
        reason: 'another control client is attached, or tmux did not say',
      });
    this.proc.endInput();
    const timer = this.opts.clock.setTimeout(() => this.proc.kill('SIGKILL'), 2000);
    // A control client's stdout is held by the server too (tmux writes to it directly): while a hung
    // server holds it, even a killed client never reports closed, so the wait for that is bounded.
    await this.within(this.proc.exited, 3000, null);
    timer.cancel();
  }

  /** What `promise` settles to, or `fallback` when it fails or `ms` pass first (a hung server must not hold up a close). */
  private within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
    return new Promise((resolve) => {
      const timer = this.opts.clock.setTimeout(() => resolve(fallback), ms);
      const done = (value: T | F): void => {
        timer.cancel();
        resolve(value);
      };
      promise.then(done, () => done(fallback));
    });
  }

  private lines(lines: readonly (Buffer | string)[]): void {
    for (const raw of lines) {
      // The hot path of a busy pane: its output lines go no further than their pane id, never decoded.
      const outputPane = this.parser.inBlock || typeof raw === 'string' ? null : outputPaneIdOf(raw);
      if (outputPane !== null) {
        this.opts.onNotice?.({ kind: 'output', paneId: outputPane });
        continue;
      }
      const line = typeof raw === 'string' ? raw : raw.toString('utf8');
      const event = this.parser.push(line);
      if (!event) continue;
      if (event.kind === 'notification') {
        if (event.name === 'exit') this.exitReason = event.args;
        else if (event.name === 'pause') this.opts.onNotice?.({ kind: 'pause', paneId: event.args });
        else if (event.name === 'sessions-changed') this.opts.onNotice?.({ kind: 'sessions-changed' });
        // `%subscription-changed <name> $s @w idx %p : <value>`: only the name is kept.
        else if (event.name === 'subscription-changed')
          this.opts.onNotice?.({ kind: 'subscription-changed', name: event.args.split(' ', 1)[0] ?? '' });
        continue;
      }
      if (!this.ready) this.handshake(event);
      else if (event.flags === 1) this.reply(event);
    }
  }

  private handshake(reply: ControlReply): void {
    // Replies to the argv commands (and to any hook they trigger) carry flags 0.
    if (reply.flags !== 0) return;
    if (!reply.ok) this.failOpen(tmuxFailure('new-session', reply.lines.join('\n')));
    else if (reply.lines.length === 1 && reply.lines[0] === this.readyToken) {
      this.ready = true;
      this.onReady?.(null);
    }
  }

  private reply(reply: ControlReply): void {
    const entry = this.pending.shift();
    if (!entry) {
      this.opts.logger.log('warn', 'tmux.control.unexpected-reply', { number: reply.number });
      return;
    }
    entry.timer?.cancel();
    if (entry.settled) return;
    entry.settled = true;
    entry.resolve(reply);
  }

  private timedOut(entry: Pending): void {
    if (entry.settled) return;
    entry.settled = true;
    entry.reject(new TmuxError('failed', entry.subcommand, `no reply within ${this.opts.timeoutMs} ms`));
    // A server that stops answering is wedged: drop this client, the next call opens a fresh one.
    this.opts.logger.log('warn', 'tmux.control.timeout', { subcommand: entry.subcommand });
    this.proc.kill('SIGKILL');
  }

  /** The error for a start that took too long: over ssh a silent host looks exactly like this. */
  startTimeout(): TmuxError {
    const message = 'control mode did not start in time';
    return this.opts.launcher.host === null
      ? new TmuxError('failed', 'new-session', message)
      : new TmuxError('unreachable', 'new-session', `${message} (host ${this.opts.launcher.host})`);
  }

  private failOpen(err: TmuxError): void {
    if (this.ready) return;
    this.onReady?.(err);
    this.proc.kill('SIGKILL');
  }

  private gone(startError: TmuxError | null): void {
    if (this.dead) return;
    this.dead = true;
    const rest = this.splitter.flush();
    if (rest !== null) this.lines([rest]);
    const reason = this.exitReason || this.stderr.trim().split('\n')[0] || '';
    if (!this.ready) {
      this.onReady?.(startError ?? tmuxFailure('new-session', reason || 'control client exited during start'));
      return;
    }
    for (const entry of this.pending.splice(0)) {
      entry.timer?.cancel();
      if (entry.settled) continue;
      entry.settled = true;
      entry.reject(new ConnectionLost(reason));
    }
    this.opts.onClosed(reason);
  }
}
