/** Writing JSON responses for the loopback server: one place for headers, refusal bodies and `after`. */
import type { ServerResponse } from 'node:http';
import type { Logger } from '../platform/log.ts';
import { errorCodeFor } from './rejections.ts';
import type { RejectionReason } from './rejections.ts';

/** The body of a refusal: the API envelope's error shape plus the counted reason. */
export function refusalBody(
  reason: RejectionReason,
  message: string,
): { ok: false; error: { code: string; reason: RejectionReason; message: string } } {
  return { ok: false, error: { code: errorCodeFor(reason), reason, message } };
}

/**
 * Send `body` as JSON. `closeConnection` ends the socket after the response (used when a request
 * body was left unread). `after` runs once the response is flushed; its failure is logged only.
 */
export function writeJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  logger: Logger,
  closeConnection = false,
  after?: () => void,
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    // A <script src> from another page must never get our JSON interpreted as something else.
    'X-Content-Type-Options': 'nosniff',
  };
  if (closeConnection) headers['Connection'] = 'close';
  res.writeHead(status, headers);
  res.end(text, () => {
    if (closeConnection) res.socket?.destroySoon();
    if (after === undefined) return;
    try {
      after();
    } catch (err) {
      logger.log('error', 'api.after-failed', { error: String(err) });
    }
  });
}
