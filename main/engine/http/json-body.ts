/**
 * Reads a JSON request body with a size limit and a deadline. Never throws: every failure is a
 * counted reason. A body over the limit is refused as soon as the limit is crossed (or at once
 * from Content-Length), a body that trickles in slower than the deadline is cut off.
 */
import type { IncomingMessage } from 'node:http';
import type { Clock } from '../platform/clock.ts';
import type { RejectionReason } from './rejections.ts';

/** Limits for one body. */
export interface BodyLimits {
  readonly maxBytes: number;
  /** The whole body must arrive within this many ms of the headers. */
  readonly timeoutMs: number;
}

/** The parsed body (`undefined` when empty), or why it was refused. */
export type BodyResult =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: RejectionReason; readonly message: string };

/** True when the declared type is JSON (charset parameters allowed). */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  return value.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Read and parse the body of `req`. On refusal the caller answers and closes the connection. */
export function readJsonBody(req: IncomingMessage, limits: BodyLimits, clock: Clock): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    return Promise.resolve(tooLarge(limits));
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: BodyResult): void => {
      if (settled) return;
      settled = true;
      timer.cancel();
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      // Swallow whatever else the client sends; the caller answers and closes the connection.
      if (!result.ok) req.resume();
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limits.maxBytes) finish(tooLarge(limits));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(parse(Buffer.concat(chunks)));
    const onError = (): void => finish({ ok: false, reason: 'body-timeout', message: 'connection failed while reading the body' });
    const timer = clock.setTimeout(
      () => finish({ ok: false, reason: 'body-timeout', message: `body not received within ${limits.timeoutMs} ms` }),
      limits.timeoutMs,
    );
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function tooLarge(limits: BodyLimits): BodyResult {
  return { ok: false, reason: 'too-large', message: `body exceeds ${limits.maxBytes} bytes` };
}

function parse(bytes: Buffer): BodyResult {
  const text = bytes.toString('utf8');
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, reason: 'malformed-json', message: `malformed JSON: ${(err as Error).message}` };
  }
}
