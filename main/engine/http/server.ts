/**
 * The engine's loopback HTTP server: 127.0.0.1 only, one port for Claude hook ingest and for the
 * API the CLI and the browser UI use. Every request passes the admission guard (Host, Origin,
 * token) before routing; bodies are size- and time-limited JSON; every refusal is answered with a
 * reason, counted, and never takes the server down.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import { ConnectionGate } from './connection-gate.ts';
import type { GateStats } from './connection-gate.ts';
import { isJsonContentType, readJsonBody } from './json-body.ts';
import { refusalBody, writeJson } from './http-reply.ts';
import { RejectionCounter, statusFor } from './rejections.ts';
import type { RejectionReason } from './rejections.ts';
import { guardMessage, guardRequest, hostAllowed } from './request-guard.ts';
import { ApiRefusal, Router } from './router.ts';
import type { ApiReply, ApiRequest, RouteHandler } from './router.ts';
import { SseStream } from './sse-stream.ts';
import { sendStatic, staticFileFor } from './static-files.ts';

/** The only address we ever bind: nothing listens beyond loopback. */
export const LOOPBACK_HOST = '127.0.0.1';

/** How to run the server. */
export interface LoopbackServerOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly token: string;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** The whole body must arrive within this (default 5 s). */
  readonly bodyTimeoutMs?: number;
  /** SSE heartbeat period (default 15 s). */
  readonly heartbeatMs?: number;
  /** A connection with no request in flight is closed after this (default 5 s). */
  readonly idleTimeoutMs?: number;
  /** Idle connections one client may hold; a newer one displaces the oldest (default 32). */
  readonly maxIdlePerClient?: number;
}

/** Called when a client opens an event stream; subscribe to engine events and `stream.onClose` to unsubscribe. */
export type SseHandler = (stream: SseStream, req: ApiRequest) => void;

/** Counters for diagnostics. */
export interface ServerStats {
  readonly requests: number;
  readonly rejected: number;
  readonly rejections: Partial<Record<RejectionReason, number>>;
  readonly sseClients: number;
  /** Open connections, idle ones, and idle ones closed (timed out, or displaced by newer ones). */
  readonly connections: GateStats;
}

type Target = { readonly kind: 'json'; readonly handler: RouteHandler } | { readonly kind: 'sse'; readonly handler: SseHandler };

/** The loopback server: register routes, then `start()`. */
export class LoopbackServer {
  /** Refusals by reason (also in `stats()`). */
  readonly rejections = new RejectionCounter();
  private readonly router = new Router<Target>();
  private readonly streams = new Set<SseStream>();
  private readonly server: Server;
  private readonly gate: ConnectionGate<Socket>;
  private listeningPort = 0;
  private requests = 0;
  private readonly maxBodyBytes: number;
  private readonly bodyTimeoutMs: number;
  private readonly heartbeatMs: number;

  constructor(private readonly options: LoopbackServerOptions) {
    this.maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
    this.bodyTimeoutMs = options.bodyTimeoutMs ?? 5_000;
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.gate = new ConnectionGate<Socket>({
      clock: options.clock,
      idleTimeoutMs: options.idleTimeoutMs ?? 5_000,
      maxIdlePerClient: options.maxIdlePerClient ?? 32,
    });
    this.server = createServer(
      {
        // Backstops behind the gate (which closes idle and half-header connections after 5 s): the
        // whole request within 30 s, checked every second rather than Node's default 30 s. Node's
        // own header timeout stays later than the gate's: the two closing one socket at the same
        // moment left it open on the client's side in probes. Handlers may take longer.
        headersTimeout: 10_000,
        requestTimeout: 30_000,
        connectionsCheckingInterval: 1_000,
        keepAliveTimeout: 4_000,
      },
      (req, res) => {
        this.gate.requestStarted(req.socket);
        res.once('close', () => this.gate.requestEnded(req.socket));
        this.onRequest(req, res).catch((err: unknown) => this.internalError(res, err));
      },
    );
    // A backstop only: idle connections are reaped and displaced by the gate long before this.
    this.server.maxConnections = 1024;
    this.server.on('connection', (socket: Socket) => this.gate.admit(socket));
    this.server.on('clientError', (err: Error, socket: Socket) => this.onClientError(err, socket));
  }

  /** Register a JSON route. */
  route(method: string, path: string, handler: RouteHandler): void {
    this.router.add(method, path, { kind: 'json', handler });
  }

  /** Register an SSE route (GET). */
  sse(path: string, handler: SseHandler): void {
    this.router.add('GET', path, { kind: 'sse', handler });
  }

  /** Listen on 127.0.0.1; resolves with the actual port. */
  start(): Promise<{ port: number }> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      this.server.once('error', onError);
      this.server.listen(this.options.port, LOOPBACK_HOST, () => {
        this.server.off('error', onError);
        const address = this.server.address();
        this.listeningPort = typeof address === 'object' && address !== null ? address.port : 0;
        this.options.logger.log('info', 'api.listening', { host: LOOPBACK_HOST, port: this.listeningPort });
        resolve({ port: this.listeningPort });
      });
    });
  }

  /** The bound port (0 before `start`). */
  get port(): number {
    return this.listeningPort;
  }

  /** Diagnostics counters. */
  stats(): ServerStats {
    return {
      requests: this.requests,
      rejected: this.rejections.total(),
      rejections: this.rejections.snapshot(),
      sseClients: this.streams.size,
      connections: this.gate.stats(),
    };
  }

  /** Stop listening, end every event stream and drop open connections. */
  async close(): Promise<void> {
    for (const stream of [...this.streams]) stream.close();
    this.gate.dispose();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Serve the built UI from `dir` for GET paths outside /api and /hooks (see static-files.ts). */
  serveStatic(dir: string): void {
    this.staticDir = dir;
  }

  private staticDir: string | null = null;

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests++;
    const method = (req.method ?? 'GET').toUpperCase();
    const [path, query] = splitUrl(req.url ?? '/');
    if (this.staticDir && method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/hooks/')) {
      if (!hostAllowed(req.headers.host, this.listeningPort))
        return this.refuse(res, 'bad-host', guardMessage('bad-host', this.listeningPort), false);
      return sendStatic(res, staticFileFor(this.staticDir, path));
    }
    const refusal = guardRequest({
      method,
      host: req.headers.host,
      origin: req.headers.origin,
      authorization: req.headers.authorization,
      queryToken: query.get('token'),
      port: this.listeningPort,
      token: this.options.token,
    });
    // An unread body must not be parsed as the next request: refusals before reading it close the connection.
    const unread = hasBody(req);
    if (refusal !== null) return this.refuse(res, refusal, guardMessage(refusal, this.listeningPort), unread);
    const match = this.router.match(method, path);
    if (match.kind === 'none') return this.refuse(res, 'not-found', `no route for ${path}`, unread);
    if (match.kind === 'wrong-method') {
      return this.refuse(res, 'method-not-allowed', `${method} not allowed; use ${match.allowed.join(', ')}`, unread);
    }

    const base = { method, path, params: match.params, query, headers: req.headers };
    if (match.target.kind === 'sse') return this.openStream(res, match.target.handler, { ...base, body: undefined });

    let body: unknown = undefined;
    if (unread) {
      if (!isJsonContentType(req.headers['content-type']))
        return this.refuse(res, 'unsupported-media-type', 'body must be application/json', true);
      const read = await readJsonBody(req, { maxBytes: this.maxBodyBytes, timeoutMs: this.bodyTimeoutMs }, this.options.clock);
      if (!read.ok) return this.refuse(res, read.reason, read.message, read.reason !== 'malformed-json');
      body = read.value;
    }
    let reply: ApiReply;
    try {
      reply = await match.target.handler({ ...base, body });
    } catch (err) {
      if (err instanceof ApiRefusal) return this.refuse(res, err.reason, err.message);
      return this.internalError(res, err);
    }
    writeJson(res, reply.status, reply.body, this.options.logger, false, reply.after);
  }

  private openStream(res: ServerResponse, handler: SseHandler, req: ApiRequest): void {
    const stream = new SseStream(res, this.options.clock, this.heartbeatMs);
    this.streams.add(stream);
    stream.onClose(() => this.streams.delete(stream));
    try {
      handler(stream, req);
    } catch (err) {
      this.options.logger.log('error', 'api.sse-handler-failed', { path: req.path, error: String(err) });
      stream.close();
    }
  }

  private refuse(res: ServerResponse, reason: RejectionReason, message: string, closeConnection = false): void {
    this.rejections.add(reason);
    this.options.logger.log('warn', 'api.refused', { reason, message });
    writeJson(res, statusFor(reason), refusalBody(reason, message), this.options.logger, closeConnection);
  }

  private internalError(res: ServerResponse, err: unknown): void {
    this.options.logger.log('error', 'api.handler-failed', { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    this.refuse(res, 'handler-error', 'internal error');
  }

  private onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
    // A client hanging up is not bad input.
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE') {
      socket.destroy();
      return;
    }
    this.rejections.add('malformed-http');
    this.options.logger.log('warn', 'api.refused', { reason: 'malformed-http', message: err.message });
    if (socket.writable && !socket.destroyed) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  }
}

function splitUrl(url: string): [string, URLSearchParams] {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return [path.startsWith('/') ? path : `/${path}`, new URLSearchParams(q === -1 ? '' : url.slice(q + 1))];
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}
