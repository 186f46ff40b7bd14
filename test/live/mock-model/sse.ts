/** Writing a streamed answer: Server-Sent Events or JSON lines, paced for slow turns, stopping when the client leaves. */
import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';

/** Start an SSE response. */
export function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
}

/** One SSE event (`event:` line only when named). */
export function sendEvent(res: ServerResponse, data: unknown, event?: string): void {
  if (res.destroyed) return;
  res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

/** Wait between chunks of a slow answer; false when the client has gone (the user pressed Esc). */
export async function pace(res: ServerResponse, ms: number): Promise<boolean> {
  if (ms > 0) await delay(ms);
  return !res.destroyed && !res.writableEnded;
}

/** Answer JSON. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
