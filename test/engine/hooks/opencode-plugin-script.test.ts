/**
 * bin/trailboss-opencode-plugin.js on its own, against a real loopback HTTP server standing in for the
 * engine's endpoint: what it posts (envelope, route, token), that it posts in order, that it filters
 * opencode's chatter, that a stuck engine costs at most its request cap per event, and that it only
 * ever talks to 127.0.0.1.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runOpencodePlugin } from './opencode-plugin-runner.ts';

const TOKEN = 'tb-test-token-0123456789abcdef';
const dirs: string[] = [];
const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Received {
  readonly url: string | undefined;
  readonly auth: string | undefined;
  readonly body: Record<string, unknown>;
}

/** A loopback server answering 202 (or never, when `stuck` says so); returns its endpoint file. */
async function fakeEndpoint(opts: { stuck?: (n: number) => boolean; host?: string } = {}) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      received.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(text) as Record<string, unknown> });
      if (opts.stuck?.(received.length)) return; // never answers
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  closers.push(() => server.closeAllConnections());
  closers.push(() => server.close());
  const dir = mkdtempSync(join(tmpdir(), 'tb-opencode-endpoint-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'api-token'), `${TOKEN}\n`);
  const endpointFile = join(dir, 'endpoint.json');
  const port = (server.address() as AddressInfo).port;
  writeFileSync(
    endpointFile,
    JSON.stringify({
      version: 1,
      pid: 1,
      host: opts.host ?? '127.0.0.1',
      port,
      tokenFile: join(dir, 'api-token'),
      hookPath: '/hooks/claude',
      startedAt: 0,
    }),
  );
  return { received, endpointFile };
}

const status = (n: number, type: 'busy' | 'idle') => ({
  id: `evt_${n}`,
  type: 'session.status',
  properties: { sessionID: 'ses_a', status: { type } },
});

describe('the opencode plugin script', () => {
  it("posts each forwarded event to /hooks/opencode with the token and the pane's tmux place, in order", async () => {
    const { received, endpointFile } = await fakeEndpoint();
    const sent = [
      status(1, 'busy'),
      { id: 'evt_2', type: 'message.part.delta', properties: { sessionID: 'ses_a', delta: 'x' } },
      { id: 'evt_3', type: 'permission.asked', properties: { id: 'per_1', sessionID: 'ses_a', permission: 'bash', patterns: ['ls'] } },
      { id: 'evt_4', type: 'permission.replied', properties: { sessionID: 'ses_a', requestID: 'per_1', reply: 'once' } },
      { id: 'evt_5', type: 'session.idle', properties: { sessionID: 'ses_a' } },
      status(6, 'idle'),
    ];
    const run = await runOpencodePlugin({
      endpointFile,
      events: sent,
      env: { TMUX_PANE: '%7', TMUX: '/tmp/tmux-1000/default,4242,0' },
      tempDirs: dirs,
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(received.map((r) => (r.body['payload'] as { id: string }).id)).toEqual(['evt_1', 'evt_3', 'evt_4', 'evt_6']);
    for (const r of received) {
      expect(r.url).toBe('/hooks/opencode');
      expect(r.auth).toBe(`Bearer ${TOKEN}`);
      expect(r.body).toMatchObject({ v: 1, tmuxPane: '%7', tmuxSocket: '/tmp/tmux-1000/default', ppid: expect.any(Number) });
    }
    expect(received[1]!.body).toMatchObject({ event: 'permission.asked', payload: sent[2] });
  }, 30_000);

  it("a subagent session's status is not the pane's: dropped, while its permissions still go", async () => {
    const { received, endpointFile } = await fakeEndpoint();
    const child = { id: 'ses_child', parentID: 'ses_a', title: 'subagent' };
    const sent = [
      { id: 'evt_1', type: 'session.created', properties: { sessionID: 'ses_child', info: child } },
      { id: 'evt_2', type: 'session.status', properties: { sessionID: 'ses_child', status: { type: 'busy' } } },
      { id: 'evt_3', type: 'permission.asked', properties: { id: 'per_1', sessionID: 'ses_child', permission: 'bash', patterns: ['ls'] } },
      { id: 'evt_4', type: 'session.status', properties: { sessionID: 'ses_child', status: { type: 'idle' } } },
      status(5, 'busy'),
    ];
    const run = await runOpencodePlugin({ endpointFile, events: sent, env: {}, tempDirs: dirs });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(received.map((r) => (r.body['payload'] as { id: string }).id)).toEqual(['evt_3', 'evt_5']);
  }, 30_000);

  it('a stuck engine costs each post at most the request cap, and the next event still goes', async () => {
    const { received, endpointFile } = await fakeEndpoint({ stuck: (n) => n === 1 });
    const started = performance.now();
    const run = await runOpencodePlugin({ endpointFile, events: [status(1, 'busy'), status(2, 'idle')], env: {}, tempDirs: dirs });
    expect(run.code).toBe(0);
    expect(Number(run.stdout)).toBeLessThan(100); // opencode's hook calls never waited
    expect(received.map((r) => (r.body['payload'] as { id: string }).id)).toEqual(['evt_1', 'evt_2']);
    expect(received[1]!.body['tmuxPane']).toBeNull();
    // 300 ms for the stuck one, plus Node's start: far below what a hung request would take.
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('an endpoint file naming anything but 127.0.0.1 gets nothing', async () => {
    const { received, endpointFile } = await fakeEndpoint({ host: 'localhost' });
    const run = await runOpencodePlugin({ endpointFile, events: [status(1, 'busy')], env: {}, tempDirs: dirs });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(received).toEqual([]);
  }, 30_000);
});
