import { request } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../support/manual-clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { LoopbackServer } from '../../../main/engine/http/server.ts';
import type { SseStream } from '../../../main/engine/http/sse-stream.ts';
import { poll } from '../../support/poll.ts';

const TOKEN = 'c'.repeat(64);
let clock: ManualClock;
let server: LoopbackServer;
let port: number;
let streams: SseStream[];
let closedCount: number;

beforeEach(async () => {
  clock = new ManualClock(0);
  streams = [];
  closedCount = 0;
  server = new LoopbackServer({ port: 0, token: TOKEN, clock, logger: silentLogger, heartbeatMs: 15_000 });
  server.sse('/api/events', (stream) => {
    streams.push(stream);
    stream.onClose(() => closedCount++);
    stream.send('hello', { n: 1 }, '1');
  });
  port = (await server.start()).port;
});

afterEach(async () => {
  await server.close();
});

/** Open the stream and collect everything it sends. */
function open(): Promise<{ req: ClientRequest; res: IncomingMessage; received: () => string }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const req = request({ host: '127.0.0.1', port, path: `/api/events?token=${TOKEN}`, agent: false }, (res) => {
      res.on('data', (d: Buffer) => (text += d.toString()));
      resolve({ req, res, received: () => text });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('SSE on the loopback server', () => {
  it('streams events as text/event-stream', async () => {
    const { res, received, req } = await open();
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    await poll(() => received().includes('event: hello'), 'first event');
    expect(received()).toContain('id: 1\nevent: hello\ndata: {"n":1}\n\n');
    req.destroy();
  });

  it('sends a heartbeat comment every period', async () => {
    const { received, req } = await open();
    await poll(() => received().includes('event: hello'), 'first event');
    clock.advance(15_000);
    await poll(() => received().includes(': heartbeat'), 'heartbeat');
    req.destroy();
  });

  it('cleans up when the client disconnects: close handlers run, no timer survives', async () => {
    const { req } = await open();
    await poll(() => server.stats().sseClients === 1, 'client registered');
    req.destroy();
    await poll(() => server.stats().sseClients === 0, 'client removed');
    // The connection goes a moment after its stream; until then it counts as idle (and is swept on the clock).
    await poll(() => server.stats().connections.open === 0, 'connection closed');
    expect(closedCount).toBe(1);
    expect(clock.pending).toBe(0);
    expect(streams[0]?.send('late', {})).toBe(false);
  });

  it('ends open streams when the server closes', async () => {
    const { res } = await open();
    const ended = new Promise<void>((resolve) => res.on('close', () => resolve()));
    await poll(() => server.stats().sseClients === 1, 'client registered');
    await server.close();
    await ended;
    expect(closedCount).toBe(1);
    server = new LoopbackServer({ port: 0, token: TOKEN, clock, logger: silentLogger });
    await server.start();
  });

  it('closes the stream when its handler throws, and keeps serving', async () => {
    server.sse('/api/broken', () => {
      throw new Error('subscriber bug');
    });
    const ended = await new Promise<boolean>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/api/broken?token=${TOKEN}`, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(true));
      });
      req.on('error', reject);
      req.end();
    });
    expect(ended).toBe(true);
    expect(server.stats().sseClients).toBe(0);
    const { req } = await open();
    await poll(() => server.stats().sseClients === 1, 'healthy stream');
    req.destroy();
  });

  it('refuses an event stream without a token', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/events', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(401);
    expect(streams).toHaveLength(0);
  });
});
