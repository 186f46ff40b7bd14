import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackPost, parseResponse } from '../../main/cli/loopback-post.ts';

const servers: Server[] = [];
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  server.on('connection', (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A node:http server that records what it got and answers with `answer`. */
async function httpServer(answer: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const seen: { method?: string; url?: string; headers?: IncomingMessage['headers']; body?: string } = {};
  const port = await listen(
    createHttpServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        Object.assign(seen, { method: req.method, url: req.url, headers: req.headers, body });
        answer(req, body, res);
      });
    }),
  );
  return { port, seen };
}

describe('loopbackPost: one POST over a plain socket', () => {
  it('sends the method, path, headers and body a node:http server expects, and reads a Content-Length answer', async () => {
    const { port, seen } = await httpServer((_req, body, res) => {
      const text = JSON.stringify({ ok: true, value: { echo: body, wide: 'é—✓'.repeat(20_000) } });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    });
    const answer = await loopbackPost(
      port,
      '/api/queue:list',
      { Authorization: 'Bearer abc', 'X-Trailboss-Surface': 'cli' },
      '{"a":"ü"}',
      10_000,
    );
    expect(seen).toMatchObject({ method: 'POST', url: '/api/queue:list', body: '{"a":"ü"}' });
    expect(seen.headers).toMatchObject({ authorization: 'Bearer abc', 'x-trailboss-surface': 'cli', host: `127.0.0.1:${port}` });
    expect(answer.status).toBe(200);
    // Multi-byte characters across many TCP chunks decode intact.
    expect(JSON.parse(answer.body)).toEqual({ ok: true, value: { echo: '{"a":"ü"}', wide: 'é—✓'.repeat(20_000) } });
  });

  it('reads a chunked answer and a non-200 status', async () => {
    const { port } = await httpServer((_req, _body, res) => {
      res.writeHead(422, { 'Content-Type': 'application/json' });
      res.write('{"ok":false,');
      res.end('"error":{"code":"invalid"}}');
    });
    const answer = await loopbackPost(port, '/api/x', {}, '{}', 10_000);
    expect(answer).toEqual({ status: 422, body: '{"ok":false,"error":{"code":"invalid"}}' });
  });

  it('rejects: nothing listening, silence past the timeout, bytes that are not HTTP, a header that could inject', async () => {
    const closed = await listen(createNetServer());
    await new Promise((resolve) => servers.pop()?.close(resolve));
    await expect(loopbackPost(closed, '/api/x', {}, '{}', 10_000)).rejects.toThrow(/ECONNREFUSED/);

    const silent = await listen(createNetServer(() => {}));
    await expect(loopbackPost(silent, '/api/x', {}, '{}', 200)).rejects.toThrow('no answer within 200 ms');

    const garbage = await listen(createNetServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n')));
    await expect(loopbackPost(garbage, '/api/x', {}, '{}', 10_000)).rejects.toThrow(/not an HTTP response/);

    const cut = await listen(createNetServer((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{"ok":')));
    await expect(loopbackPost(cut, '/api/x', {}, '{}', 10_000)).rejects.toThrow(/closed before a complete HTTP response/);

    await expect(loopbackPost(garbage, '/api/x', { Authorization: 'Bearer a\r\nX-Evil: 1' }, '{}', 10_000)).rejects.toThrow(
      /refusing to send/,
    );
  });
});

describe('parseResponse', () => {
  const raw = (text: string) => Buffer.from(text, 'latin1');

  it('waits for the whole body, and takes the body up to the close when no length is given', () => {
    expect(parseResponse(raw('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nab'), false)).toBe('incomplete');
    expect(parseResponse(raw('HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\nabcdEXTRA'), false)).toEqual({ status: 200, body: 'abcd' });
    expect(parseResponse(raw('HTTP/1.0 404 Not Found\r\n\r\ngone'), false)).toBe('incomplete');
    expect(parseResponse(raw('HTTP/1.0 404 Not Found\r\n\r\ngone'), true)).toEqual({ status: 404, body: 'gone' });
    expect(parseResponse(raw('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n'), false)).toEqual({
      status: 200,
      body: 'abcde',
    });
    expect(parseResponse(raw('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab'), false)).toBe('incomplete');
    expect(parseResponse(raw('HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n'), false)).toBeInstanceOf(Error);
  });
});
