/** Test helpers: raw HTTP requests to the loopback server with full control over every header. */
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  readonly json: unknown;
}

export interface RawRequest {
  readonly port: number;
  readonly method?: string;
  readonly path?: string;
  /** Sent exactly as given; `host` defaults to 127.0.0.1:<port>. */
  readonly headers?: Record<string, string | number>;
  readonly body?: string | Buffer;
}

/** One HTTP request; resolves with status and body, rejects on connection errors. */
export function rawRequest(options: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { host: `127.0.0.1:${options.port}`, ...options.headers };
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers,
        setHost: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parseOrUndefined(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** POST a JSON body with a bearer token. */
export function postJson(
  port: number,
  path: string,
  token: string,
  body: unknown,
  extra: Record<string, string> = {},
): Promise<RawResponse> {
  const text = JSON.stringify(body);
  return rawRequest({
    port,
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...extra },
    body: text,
  });
}

/** A temp directory removed by the returned cleanup. */
export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The error envelope's reason field. */
export function reasonOf(res: RawResponse): unknown {
  return (res.json as { error?: { reason?: unknown } } | undefined)?.error?.reason;
}

function parseOrUndefined(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
