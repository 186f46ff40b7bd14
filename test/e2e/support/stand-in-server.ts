/**
 * A loopback HTTP server for the contract's HTTP mapping (POST /api/<channel>, SSE on /api/events),
 * serving the built renderer at `/`. Same rules the real engine server must follow: bearer token,
 * Host check (no DNS rebinding), body size limit, loopback only.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { HTTP, isChannel, type ApiMethods, type EventName, type EventPayload } from '../../../preload/contract/index.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};
const MAX_BODY = 1 << 20;

export interface StandInServer {
  readonly url: string;
  readonly token: string;
  /** Pushes an event to every connected page. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));

async function readBody(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the server on 127.0.0.1 (random port). `methods` is resolved lazily so the engine can emit through the server. */
export async function startStandInServer(opts: { staticDir: string; token: string; methods: () => ApiMethods }): Promise<StandInServer> {
  const streams = new Set<ServerResponse>();
  let port = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      // A page on another name that resolves to 127.0.0.1 must not reach the API (DNS rebinding).
      if (req.headers.host !== `127.0.0.1:${port}` && req.headers.host !== `localhost:${port}`)
        return json(res, 421, { ok: false, error: { code: 'unauthorized', message: 'bad Host' } });

      if (url.pathname === HTTP.eventsPath) {
        if (url.searchParams.get(HTTP.tokenParam) !== opts.token)
          return json(res, 401, { ok: false, error: { code: 'unauthorized', message: 'bad token' } });
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
        res.write(': connected\n\n');
        streams.add(res);
        req.on('close', () => streams.delete(res));
        return;
      }
      if (url.pathname.startsWith(HTTP.apiPrefix)) {
        if (req.headers.authorization !== `Bearer ${opts.token}`)
          return json(res, 401, { ok: false, error: { code: 'unauthorized', message: 'bad token' } });
        const channel = decodeURIComponent(url.pathname.slice(HTTP.apiPrefix.length));
        if (req.method !== 'POST' || !isChannel(channel))
          return json(res, 404, { ok: false, error: { code: 'not-found', message: `no channel ${channel}` } });
        const body = await readBody(req);
        if (body === null) return json(res, 413, { ok: false, error: { code: 'invalid', message: 'body too large' } });
        let args: unknown;
        try {
          args = body === '' ? {} : JSON.parse(body);
        } catch {
          return json(res, 200, { ok: false, error: { code: 'invalid', message: 'body is not JSON' } });
        }
        const method = opts.methods()[channel] as (a: unknown) => Promise<unknown>;
        return json(res, 200, await method(args));
      }
      const rel =
        url.pathname === '/'
          ? 'index.html'
          : normalize(decodeURIComponent(url.pathname))
              .replace(/^(\.\.[/\\])+/, '')
              .replace(/^\/+/, '');
      try {
        const file = await readFile(join(opts.staticDir, rel));
        res
          .writeHead(200, { 'Content-Type': TYPES[extname(rel)] ?? 'application/octet-stream', 'X-Content-Type-Options': 'nosniff' })
          .end(file);
      } catch {
        res.writeHead(404).end('not found');
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    token: opts.token,
    emit(event, payload) {
      const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
      for (const s of streams) s.write(frame);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of streams) s.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
