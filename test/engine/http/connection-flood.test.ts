/**
 * A local process without the token opens hundreds of connections and sends nothing (or half a
 * header): the real loopback server still answers the CLI and the UI, the real hook forwarder still
 * delivers, and the idle connections are closed.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiEndpoint } from '../../../main/engine/http/api-endpoint.ts';
import type { ApiEndpoint } from '../../../main/engine/http/api-endpoint.ts';
import { MemoryHookEventCounter } from '../../../main/engine/hooks/hook-event-counter.ts';
import { registerHookIngest } from '../../../main/engine/hooks/hook-ingest.ts';
import type { HookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';
import { LoopbackServer } from '../../../main/engine/http/server.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { hookExample } from '../hooks/fixture-hooks.ts';
import { postJson, tempDir } from './http-helpers.ts';
import { poll } from '../../support/poll.ts';

const NODE = path.resolve('node_modules/node/bin/node');
const FORWARDER = path.resolve('bin/trailboss-hook.mjs');
const TOKEN = 'f'.repeat(64);

/** Open `n` connections that send `prefix` (maybe nothing) and then nothing more; each records when it was closed. */
async function flood(port: number, n: number, prefix = ''): Promise<{ sockets: Socket[]; closed: () => number }> {
  let closed = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            if (prefix !== '') socket.write(prefix);
            resolve(socket);
          });
          socket.on('error', () => undefined);
          socket.on('close', () => closed++);
          // A refused connection still counts as opened (and closed): the flood tried.
          socket.on('close', () => resolve(socket));
        }),
    ),
  );
  return { sockets, closed: () => closed };
}

function forward(endpointFile: string, home: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [FORWARDER, '--endpoint', endpointFile, 'Stop'], {
      env: { PATH: '/usr/bin:/bin', HOME: home },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.on('error', reject);
    child.on('close', resolve);
    child.stdin.end(JSON.stringify(hookExample('Stop.json')));
  });
}

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

describe('idle-connection flood against the real engine endpoint', () => {
  let home: string;
  let api: ApiEndpoint;
  let deliveries: HookDelivery[];

  beforeEach(async () => {
    const tmp = tempDir('tb-flood');
    home = tmp.dir;
    cleanups.push(tmp.cleanup);
    deliveries = [];
    api = await startApiEndpoint({
      home,
      endpointFile: path.join(home, 'endpoint.json'),
      port: 0,
      clock: systemClock,
      logger: silentLogger,
      pid: process.pid,
      setup: (server) => {
        registerHookIngest(server, { clock: systemClock, counter: new MemoryHookEventCounter(), deliver: (d) => deliveries.push(d) });
        server.route('POST', '/api/queue:list', () => ({ status: 200, body: { ok: true, value: [] } }));
      },
    });
    cleanups.push(() => api.close());
  });

  it('keeps delivering hooks and answering the API under 300 idle and 50 half-header connections', async () => {
    const idle = await flood(api.port, 300);
    const slow = await flood(api.port, 50, 'POST /api/queue:list HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    cleanups.push(() => [...idle.sockets, ...slow.sockets].forEach((s) => s.destroy()));
    for (let i = 0; i < 5; i++) {
      expect(await forward(path.join(home, 'endpoint.json'), home)).toBe(0);
      await poll(() => deliveries.length === i + 1, `hook ${i + 1} delivered`, { timeoutMs: 10_000 });
    }
    const token = api.token;
    for (let i = 0; i < 5; i++) expect((await postJson(api.port, '/api/queue:list', token, {})).status).toBe(200);
    // Each newcomer displaced the oldest idle connection instead of being turned away.
    expect(api.server.stats().connections.displaced).toBeGreaterThan(0);
    // And the flood's connections are all closed, as their clients see it, after the idle timeout (5 s).
    await poll(() => idle.closed() === 300 && slow.closed() === 50, 'every flood connection closed by the server', { timeoutMs: 20_000 });
  }, 60_000);
});

describe('idle connections are closed, busy ones are not', () => {
  let server: LoopbackServer;
  let port: number;

  beforeEach(async () => {
    server = new LoopbackServer({ port: 0, token: TOKEN, clock: systemClock, logger: silentLogger, idleTimeoutMs: 300 });
    server.route('POST', '/slow', async () => {
      await new Promise((r) => setTimeout(r, 1_000));
      return { status: 200, body: { done: true } };
    });
    port = (await server.start()).port;
    cleanups.push(() => server.close());
  });

  it('closes connections that send nothing, or half a header, after the idle timeout', async () => {
    const idle = await flood(port, 40);
    const slow = await flood(port, 10, 'GET /x HTTP/1.1\r\nHost: ');
    cleanups.push(() => [...idle.sockets, ...slow.sockets].forEach((s) => s.destroy()));
    await poll(() => idle.closed() === 40 && slow.closed() === 10, 'every idle connection closed by the server', { timeoutMs: 15_000 });
    expect(server.stats().connections.open).toBe(0);
  });

  it('never closes a connection whose request is still being handled', async () => {
    const res = await postJson(port, '/slow', TOKEN, {});
    expect(res.json).toEqual({ done: true });
  });
});
