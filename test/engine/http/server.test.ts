import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../support/manual-clock.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { ApiRefusal } from '../../../main/engine/http/router.ts';
import { LoopbackServer } from '../../../main/engine/http/server.ts';
import { postJson, rawRequest, reasonOf } from './http-helpers.ts';
import { poll } from '../../support/poll.ts';

const TOKEN = 'a'.repeat(64);

let clock: ManualClock;
let server: LoopbackServer;
let port: number;
let afterRan: string[];

beforeEach(async () => {
  clock = new ManualClock(1_000);
  afterRan = [];
  server = new LoopbackServer({ port: 0, token: TOKEN, clock, logger: new MemoryLogger(), maxBodyBytes: 1024, bodyTimeoutMs: 2_000 });
  server.route('POST', '/echo', (req) => ({ status: 200, body: { got: req.body }, after: () => afterRan.push('echo') }));
  server.route('GET', '/items/:id', (req) => ({ status: 200, body: { id: req.params['id'] } }));
  server.route('POST', '/refuse', () => {
    throw new ApiRefusal('schema-invalid', 'nope');
  });
  server.route('POST', '/boom', () => {
    throw new Error('handler bug');
  });
  port = (await server.start()).port;
});

afterEach(async () => {
  await server.close();
});

const auth = { authorization: `Bearer ${TOKEN}` };

describe('LoopbackServer', () => {
  it('listens on 127.0.0.1 and a random port when asked for port 0', () => {
    expect(port).toBeGreaterThan(0);
    expect(server.port).toBe(port);
  });

  it('answers an authorised JSON request and runs `after` once the response is sent', async () => {
    const res = await postJson(port, '/echo', TOKEN, { a: 1 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ got: { a: 1 } });
    await poll(() => afterRan.length === 1, 'after hook');
  });

  it('passes path parameters to the handler', async () => {
    const res = await rawRequest({ port, path: '/items/abc%20d', headers: auth });
    expect(res.json).toEqual({ id: 'abc d' });
  });

  it('refuses a request without a token with 401 and counts it', async () => {
    const res = await rawRequest({ port, path: '/items/1' });
    expect(res.status).toBe(401);
    expect(reasonOf(res)).toBe('no-token');
    expect(server.rejections.get('no-token')).toBe(1);
  });

  it('refuses a wrong token with 401 and counts it', async () => {
    const res = await rawRequest({ port, path: '/items/1', headers: { authorization: `Bearer ${'b'.repeat(64)}` } });
    expect(res.status).toBe(401);
    expect(reasonOf(res)).toBe('bad-token');
    expect(server.rejections.get('bad-token')).toBe(1);
  });

  it('refuses a foreign Host even with the right token (DNS rebinding)', async () => {
    const res = await rawRequest({ port, path: '/items/1', headers: { ...auth, host: `evil.example:${port}` } });
    expect(res.status).toBe(403);
    expect(reasonOf(res)).toBe('bad-host');
    expect(server.rejections.get('bad-host')).toBe(1);
  });

  it('accepts localhost:<port> as Host', async () => {
    const res = await rawRequest({ port, path: '/items/1', headers: { ...auth, host: `localhost:${port}` } });
    expect(res.status).toBe(200);
  });

  it('refuses a foreign Origin even with the right token (CSRF)', async () => {
    const res = await rawRequest({ port, path: '/items/1', headers: { ...auth, origin: 'http://localhost:3000' } });
    expect(res.status).toBe(403);
    expect(reasonOf(res)).toBe('bad-origin');
    expect(server.rejections.get('bad-origin')).toBe(1);
  });

  it('accepts its own origin', async () => {
    const res = await rawRequest({ port, path: '/items/1', headers: { ...auth, origin: `http://127.0.0.1:${port}` } });
    expect(res.status).toBe(200);
  });

  it('accepts ?token= on GET (EventSource cannot send headers)', async () => {
    const res = await rawRequest({ port, path: `/items/1?token=${TOKEN}` });
    expect(res.status).toBe(200);
  });

  it('does not accept ?token= on POST', async () => {
    const res = await rawRequest({
      port,
      method: 'POST',
      path: `/echo?token=${TOKEN}`,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(reasonOf(res)).toBe('no-token');
  });

  it('refuses a body over the limit declared by Content-Length with 413', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(2048) });
    const res = await rawRequest({
      port,
      method: 'POST',
      path: '/echo',
      headers: { ...auth, 'content-type': 'application/json', 'content-length': body.length },
      body,
    });
    expect(res.status).toBe(413);
    expect(reasonOf(res)).toBe('too-large');
    expect(server.rejections.get('too-large')).toBe(1);
  });

  it('refuses a chunked body once it crosses the limit with 413', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(4096) });
    const res = await rawRequest({
      port,
      method: 'POST',
      path: '/echo',
      headers: { ...auth, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body,
    });
    expect(res.status).toBe(413);
    expect(server.rejections.get('too-large')).toBe(1);
  });

  it('refuses malformed JSON with 400 and says why', async () => {
    const res = await rawRequest({
      port,
      method: 'POST',
      path: '/echo',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(res.status).toBe(400);
    expect(reasonOf(res)).toBe('malformed-json');
    expect((res.json as { error: { message: string } }).error.message).toMatch(/malformed JSON/);
    expect(server.rejections.get('malformed-json')).toBe(1);
  });

  it('refuses a body that is not declared as JSON with 415', async () => {
    const res = await rawRequest({ port, method: 'POST', path: '/echo', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' });
    expect(res.status).toBe(415);
    expect(reasonOf(res)).toBe('unsupported-media-type');
  });

  it('cuts off a body that does not arrive in time with 408', async () => {
    const socket = connect(port, '127.0.0.1');
    const response = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write(
      `POST /echo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`,
    );
    // The body deadline is armed on the injected clock once the headers are in (the connection is
    // then busy, so the idle-connection sweep holds no timer: the one pending timer is the deadline).
    await poll(() => server.stats().connections.idle === 0 && clock.pending === 1, 'body timer armed');
    clock.advance(2_000);
    expect(await response).toMatch(/^HTTP\/1\.1 408/);
    expect(server.rejections.get('body-timeout')).toBe(1);
  });

  it('answers 404 for an unknown path and 405 for a wrong method', async () => {
    expect((await rawRequest({ port, path: '/nope', headers: auth })).status).toBe(404);
    expect((await rawRequest({ port, path: '/echo', headers: auth })).status).toBe(405);
    expect(server.rejections.snapshot()).toEqual({ 'not-found': 1, 'method-not-allowed': 1 });
  });

  it('turns an ApiRefusal from a handler into its reason', async () => {
    const res = await postJson(port, '/refuse', TOKEN, {});
    expect(res.status).toBe(422);
    expect(reasonOf(res)).toBe('schema-invalid');
  });

  it('answers 500 when a handler throws, and keeps serving', async () => {
    expect((await postJson(port, '/boom', TOKEN, {})).status).toBe(500);
    expect(server.rejections.get('handler-error')).toBe(1);
    expect((await postJson(port, '/echo', TOKEN, { after: true })).status).toBe(200);
  });

  it('survives garbage that is not HTTP at all, counting it', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    socket.end('\u0000\u0001 not http at all\r\n\r\n');
    expect(await closed).toMatch(/^HTTP\/1\.1 400/);
    expect(server.rejections.get('malformed-http')).toBe(1);
    expect((await rawRequest({ port, path: '/items/1', headers: auth })).status).toBe(200);
  });

  it('keeps serving after every kind of refusal in a row', async () => {
    await rawRequest({ port, path: '/items/1' });
    await rawRequest({ port, path: '/items/1', headers: { authorization: 'Bearer x' } });
    await rawRequest({ port, path: '/items/1', headers: { ...auth, host: 'example.com' } });
    await rawRequest({ port, path: '/items/1', headers: { ...auth, origin: 'null' } });
    await rawRequest({
      port,
      method: 'POST',
      path: '/echo',
      headers: { ...auth, 'content-type': 'application/json' },
      body: 'x'.repeat(5000),
    });
    await rawRequest({ port, method: 'POST', path: '/echo', headers: { ...auth, 'content-type': 'application/json' }, body: '[' });
    expect(server.stats().rejected).toBe(6);
    expect((await postJson(port, '/echo', TOKEN, { still: 'alive' })).json).toEqual({ got: { still: 'alive' } });
  });
});
