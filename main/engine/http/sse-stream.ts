/**
 * One Server-Sent Events connection (`text/event-stream`): typed sends, a heartbeat comment so
 * proxies and the browser keep the connection open, and cleanup when the client goes away.
 * A client too slow to drain its buffer is dropped instead of growing memory without bound
 * (EventSource reconnects by itself).
 */
import type { ServerResponse } from 'node:http';
import type { Clock, TimerHandle } from '../platform/clock.ts';

/** Drop a client whose unsent output exceeds this. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** An open event stream to one client. */
export class SseStream {
  private heartbeat: TimerHandle | null = null;
  private readonly closeHandlers: (() => void)[] = [];
  private isClosed = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly clock: Clock,
    private readonly heartbeatMs: number,
  ) {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    // Tell EventSource how soon to reconnect, and get the headers to the client now.
    res.write('retry: 2000\n\n');
    res.on('close', () => this.dispose());
    this.armHeartbeat();
  }

  /** True once the client disconnected or the stream was closed. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Send one event; `data` is JSON-encoded. Returns false when the stream is closed. */
  send(event: string, data: unknown, id?: string): boolean {
    if (this.isClosed) return false;
    if (/[\r\n]/.test(event) || (id !== undefined && /[\r\n]/.test(id))) throw new Error('SSE event names and ids must be single-line');
    // JSON.stringify never emits a raw newline, so the payload is always one `data:` line.
    const frame = `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`;
    this.write(frame);
    return !this.isClosed;
  }

  /** Run `fn` once when the stream ends (client gone, closed by us, or server shutdown). */
  onClose(fn: () => void): void {
    if (this.isClosed) fn();
    else this.closeHandlers.push(fn);
  }

  /** End the stream from our side. */
  close(): void {
    if (this.isClosed) return;
    this.res.end();
    this.dispose();
  }

  private write(chunk: string): void {
    this.res.write(chunk);
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      this.dispose();
    }
  }

  private armHeartbeat(): void {
    this.heartbeat = this.clock.setTimeout(() => {
      if (this.isClosed) return;
      this.write(': heartbeat\n\n');
      if (!this.isClosed) this.armHeartbeat();
    }, this.heartbeatMs);
  }

  private dispose(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.heartbeat?.cancel();
    this.heartbeat = null;
    for (const fn of this.closeHandlers.splice(0)) {
      try {
        fn();
      } catch {
        // A listener's failure must not keep the others from cleaning up.
      }
    }
  }
}
