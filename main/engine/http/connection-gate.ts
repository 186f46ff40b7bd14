/**
 * Keeps idle connections from starving the loopback server. Any local process can open TCP
 * connections to it without the token and send nothing; if those were kept, the connection limit
 * would lock out the CLI, the UI and hook delivery. So: a connection with no request in flight (it
 * never sent one, or it waits between keep-alive requests) is closed after `idleTimeoutMs`, and when
 * a client already holds `maxIdlePerClient` idle connections, its oldest idle one is closed to make
 * room for the newcomer. A connection serving a request (or an event stream) is never touched.
 *
 * "Client" is the remote address. On loopback every local process shares 127.0.0.1, so the bound
 * is in effect global — which is why newcomers displace the oldest idle connections rather than
 * being refused: a legitimate client sends its request at once and is never the oldest idle one.
 */
import type { Clock, TimerHandle } from '../platform/clock.ts';

/** What the gate needs of a socket. */
export interface GateSocket {
  readonly remoteAddress?: string | undefined;
  destroy(): void;
  once(event: 'close', listener: () => void): unknown;
}

/** Limits; see the module comment. */
export interface GateOptions {
  readonly clock: Clock;
  readonly idleTimeoutMs: number;
  readonly maxIdlePerClient: number;
  /** How often idle connections are looked at (default a quarter of the idle timeout, at most 1 s). */
  readonly sweepMs?: number;
}

/** Counters for diagnostics. */
export interface GateStats {
  readonly open: number;
  readonly idle: number;
  /** Closed for sitting idle past the timeout. */
  readonly idleTimedOut: number;
  /** Closed to make room for a newer connection of the same client. */
  readonly displaced: number;
}

interface Tracked {
  readonly client: string;
  /** Requests in flight (pipelining can make it more than one). */
  busy: number;
  /** When it last became idle (or connected). */
  idleSince: number;
}

/** Tracks every connection of one server; `dispose()` stops its timer. */
export class ConnectionGate<S extends GateSocket = GateSocket> {
  private readonly sockets = new Map<S, Tracked>();
  private timer: TimerHandle | null = null;
  private disposed = false;
  private idleTimedOut = 0;
  private displaced = 0;

  constructor(private readonly options: GateOptions) {}

  /** A new connection: make room among its client's idle ones, then track it. */
  admit(socket: S): void {
    if (this.disposed) return;
    const client = socket.remoteAddress ?? 'unknown';
    const idle = [...this.sockets.entries()]
      .filter(([, t]) => t.client === client && t.busy === 0)
      .sort((a, b) => a[1].idleSince - b[1].idleSince);
    for (const [old] of idle.slice(0, Math.max(0, idle.length - this.options.maxIdlePerClient + 1))) {
      this.displaced++;
      this.close(old);
    }
    this.sockets.set(socket, { client, busy: 0, idleSince: this.options.clock.now() });
    socket.once('close', () => this.forget(socket));
    this.rearm();
  }

  /** A request started on this connection. */
  requestStarted(socket: S): void {
    const t = this.sockets.get(socket);
    if (!t) return;
    t.busy++;
    this.rearm();
  }

  /** A request's response ended (sent, or the connection went). */
  requestEnded(socket: S): void {
    const t = this.sockets.get(socket);
    if (!t || t.busy === 0) return;
    t.busy--;
    if (t.busy === 0) t.idleSince = this.options.clock.now();
    this.rearm();
  }

  /** Counters. */
  stats(): GateStats {
    return { open: this.sockets.size, idle: this.idleCount(), idleTimedOut: this.idleTimedOut, displaced: this.displaced };
  }

  /** Stop the sweep; the server closes the connections themselves. */
  dispose(): void {
    this.disposed = true;
    this.timer?.cancel();
    this.timer = null;
  }

  private idleCount(): number {
    let idle = 0;
    for (const t of this.sockets.values()) if (t.busy === 0) idle++;
    return idle;
  }

  private forget(socket: S): void {
    if (this.sockets.delete(socket)) this.rearm();
  }

  /** The sweep runs only while some connection is idle: a server with none holds no timer. */
  private rearm(): void {
    const wanted = !this.disposed && this.idleCount() > 0;
    if (!wanted) {
      this.timer?.cancel();
      this.timer = null;
      return;
    }
    if (this.timer !== null) return;
    const every = this.options.sweepMs ?? Math.min(1_000, Math.max(10, Math.floor(this.options.idleTimeoutMs / 4)));
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      this.sweep();
      this.rearm();
    }, every);
  }

  private sweep(): void {
    const cutoff = this.options.clock.now() - this.options.idleTimeoutMs;
    for (const [socket, t] of this.sockets) {
      if (t.busy === 0 && t.idleSince <= cutoff) {
        this.idleTimedOut++;
        this.close(socket);
      }
    }
  }

  private close(socket: S): void {
    this.sockets.delete(socket);
    socket.destroy();
    this.rearm();
  }
}
