import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpBridge, type EventSourceLike } from '../../../client/bridge/http-bridge.ts';
import { CHANNEL_NAMES } from '../../../preload/contract/index.ts';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  auth: string | undefined;
  body: string;
}

let server: Server | null = null;

/** A real loopback HTTP server answering each request with `reply`. */
async function serve(reply: (req: IncomingMessage) => { status: number; body: string }): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      const r = reply(req);
      res.writeHead(r.status, { 'Content-Type': 'application/json' }).end(r.body);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A scripted EventSource: the test fires events by name. */
function fakeEvents() {
  const opened: string[] = [];
  const handlers = new Map<string, Array<(e: { data?: unknown }) => void>>();
  let closed = false;
  const open = (url: string): EventSourceLike => {
    opened.push(url);
    return {
      addEventListener: (type, l) => handlers.set(type, [...(handlers.get(type) ?? []), l]),
      close: () => {
        closed = true;
      },
    };
  };
  const fire = (type: string, data?: string) => handlers.get(type)?.forEach((l) => l({ data }));
  return { open, opened, fire, isClosed: () => closed };
}

const noEvents = () => fakeEvents().open;

describe('httpBridge calls', () => {
  it('posts the JSON args to /api/<channel> with the bearer token', async () => {
    const { base, seen } = await serve(() => ({ status: 200, body: JSON.stringify({ ok: true, value: [] }) }));
    const bridge = httpBridge({ baseUrl: base, token: 'tok 1', fetch, openEvents: noEvents() });
    await bridge.api['item:snooze']({ id: 'i9', forMs: 60_000 });
    expect(seen).toEqual([{ method: 'POST', url: '/api/item:snooze', auth: 'Bearer tok 1', body: '{"id":"i9","forMs":60000}' }]);
  });

  it('answers the server envelope unchanged', async () => {
    const envelope = {
      ok: false,
      error: { code: 'invalid', message: 'bad', issues: [{ path: 'watchdog.maxTries', message: 'must be ≥ 1' }] },
    };
    const { base } = await serve(() => ({ status: 200, body: JSON.stringify(envelope) }));
    const bridge = httpBridge({ baseUrl: base, token: 't', fetch, openEvents: noEvents() });
    expect(await bridge.api['queue:list']({})).toEqual(envelope);
  });

  it('says unauthorized on 401', async () => {
    const { base } = await serve(() => ({ status: 401, body: '{}' }));
    const bridge = httpBridge({ baseUrl: base, token: 'wrong', fetch, openEvents: noEvents() });
    const r = await bridge.api['queue:list']({});
    expect(r.ok ? null : r.error.code).toBe('unauthorized');
  });

  it('says internal when the answer is not an envelope', async () => {
    const { base } = await serve(() => ({ status: 200, body: '{"items":[]}' }));
    const bridge = httpBridge({ baseUrl: base, token: 't', fetch, openEvents: noEvents() });
    const r = await bridge.api['queue:list']({});
    expect(r.ok ? null : r.error.code).toBe('internal');
  });

  it('says unavailable when nothing listens', async () => {
    const { base } = await serve(() => ({ status: 200, body: '' }));
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = null;
    const bridge = httpBridge({ baseUrl: base, token: 't', fetch, openEvents: noEvents() });
    const r = await bridge.api['queue:list']({});
    expect(r.ok ? null : r.error.code).toBe('unavailable');
  });

  it('has every channel of the contract', () => {
    const bridge = httpBridge({ baseUrl: '', token: 't', fetch, openEvents: noEvents() });
    expect(Object.keys(bridge.api).sort()).toEqual([...CHANNEL_NAMES].sort());
  });
});

describe('httpBridge events', () => {
  const make = () => {
    const events = fakeEvents();
    const bridge = httpBridge({ baseUrl: 'http://127.0.0.1:9', token: 'a&b', fetch, openEvents: events.open });
    return { events, bridge };
  };

  it('opens no stream until something subscribes', () => {
    const { events } = make();
    expect(events.opened).toEqual([]);
  });

  it('opens one stream with the token in the query', () => {
    const { events, bridge } = make();
    bridge.on('item:added', () => {});
    bridge.on('reminder', () => {});
    expect(events.opened).toEqual(['http://127.0.0.1:9/api/events?token=a%26b']);
  });

  it('delivers parsed payloads to the subscribers of that event only', () => {
    const { events, bridge } = make();
    const resolved: unknown[] = [];
    const added: unknown[] = [];
    bridge.on('item:resolved', (p) => resolved.push(p));
    bridge.on('item:added', (p) => added.push(p));
    events.fire('item:resolved', '{"id":"x","resolution":"gone"}');
    expect([resolved, added]).toEqual([[{ id: 'x', resolution: 'gone' }], []]);
  });

  it('drops a malformed frame', () => {
    const { events, bridge } = make();
    const seen: unknown[] = [];
    bridge.on('reminder', (p) => seen.push(p));
    events.fire('reminder', '{oops');
    expect(seen).toEqual([]);
  });

  it('stops delivering after unsubscribe', () => {
    const { events, bridge } = make();
    const seen: unknown[] = [];
    const off = bridge.on('reminder', (p) => seen.push(p));
    off();
    events.fire('reminder', '{"id":"x","step":1,"stuck":false}');
    expect(seen).toEqual([]);
  });

  it('reports the stream going down and coming back', () => {
    const { events, bridge } = make();
    const states: boolean[] = [];
    bridge.onConnection((up) => states.push(up));
    bridge.on('reminder', () => {});
    events.fire('open');
    events.fire('error');
    events.fire('open');
    expect(states).toEqual([true, false, true]);
  });

  it('closes the stream on close', () => {
    const { events, bridge } = make();
    bridge.on('reminder', () => {});
    bridge.close();
    expect(events.isClosed()).toBe(true);
  });
});
