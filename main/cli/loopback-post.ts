/**
 * One HTTP/1.1 POST to the engine's loopback API over a plain node:net socket. Every command that
 * talks to the engine is a short-lived process: node:http (its agent, parser and message classes)
 * costs such a process several ms of CPU to load, node:net is loaded already (stdout on a pipe is a
 * net socket), and the engine's answer is one small JSON response with a Content-Length.
 */
import { connect } from 'node:net';

/** What came back: the status code and the body as text. */
export interface LoopbackAnswer {
  readonly status: number;
  readonly body: string;
}

/** Anything longer is not the engine's answer to one API call. */
const MAX_RESPONSE_BYTES = 64 * 2 ** 20;

/**
 * POST `body` (JSON) to `http://127.0.0.1:<port><path>` with `headers`; resolves with the answer or
 * rejects with a plain Error: connection refused, no answer within `timeoutMs` of silence, a
 * response that is not HTTP.
 */
export function loopbackPost(
  port: number,
  path: string,
  headers: Readonly<Record<string, string>>,
  body: string,
  timeoutMs: number,
): Promise<LoopbackAnswer> {
  // Everything goes into the request verbatim: printable ASCII only, so nothing can be injected
  // (node:http refused the same characters).
  const bad = [path, ...Object.entries(headers).flat()].find((text) => !/^[\x20-\x7e]*$/.test(text) || text === '');
  if (bad !== undefined || !path.startsWith('/')) return Promise.reject(new Error(`refusing to send ${JSON.stringify(bad ?? path)}`));
  const payload = Buffer.from(body, 'utf8');
  const head =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    `Content-Length: ${payload.length}\r\nConnection: close\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (outcome: { answer: LoopbackAnswer } | { error: Error }) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if ('answer' in outcome) resolve(outcome.answer);
      else reject(outcome.error);
    };
    // With Content-Length known, answer as soon as the body is complete instead of waiting for the close.
    const tryParse = (closed: boolean) => {
      const parsed = parseResponse(Buffer.concat(chunks, size), closed);
      if (parsed === 'incomplete') {
        if (closed) finish({ error: new Error('the connection closed before a complete HTTP response') });
        return;
      }
      finish(parsed instanceof Error ? { error: parsed } : { answer: parsed });
    };
    socket.setTimeout(timeoutMs, () => finish({ error: new Error(`no answer within ${timeoutMs} ms`) }));
    socket.on('error', (error) => finish({ error }));
    // Not end(): the engine answers and closes (Connection: close); a half-closed request is nothing it needs to handle.
    socket.on('connect', () => socket.write(Buffer.concat([Buffer.from(head, 'latin1'), payload])));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_RESPONSE_BYTES) finish({ error: new Error(`the response is larger than ${MAX_RESPONSE_BYTES} bytes`) });
      else tryParse(false);
    });
    socket.on('end', () => tryParse(true));
    socket.on('close', () => tryParse(true));
  });
}

/**
 * The status and body of a raw response, 'incomplete' when more bytes are needed, or an Error for
 * bytes that are not an HTTP/1.x response. Bodies: Content-Length, chunked, or up to the close.
 */
export function parseResponse(raw: Buffer, closed: boolean): LoopbackAnswer | 'incomplete' | Error {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd === -1) return closed && raw.length > 0 ? new Error('not an HTTP response') : 'incomplete';
  const lines = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const statusLine = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(lines[0] ?? '');
  if (!statusLine) return new Error(`not an HTTP response: ${JSON.stringify((lines[0] ?? '').slice(0, 80))}`);
  const status = Number(statusLine[1]);
  const header = (name: string): string | undefined => {
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name) return line.slice(colon + 1).trim();
    }
    return undefined;
  };
  const rest = raw.subarray(headEnd + 4);
  const length = header('content-length');
  if (length !== undefined) {
    if (!/^\d+$/.test(length)) return new Error(`bad Content-Length ${JSON.stringify(length)}`);
    const n = Number(length);
    if (rest.length < n) return 'incomplete';
    return { status, body: rest.subarray(0, n).toString('utf8') };
  }
  if (/(^|,)\s*chunked\s*$/i.test(header('transfer-encoding') ?? '')) return dechunk(rest, status);
  return closed ? { status, body: rest.toString('utf8') } : 'incomplete';
}

function dechunk(raw: Buffer, status: number): LoopbackAnswer | 'incomplete' | Error {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd === -1) return 'incomplete';
    const sizeText = raw.subarray(at, lineEnd).toString('latin1').split(';')[0]?.trim() ?? '';
    if (!/^[0-9a-fA-F]+$/.test(sizeText)) return new Error(`bad chunk size ${JSON.stringify(sizeText.slice(0, 20))}`);
    const n = parseInt(sizeText, 16);
    if (n === 0) return { status, body: Buffer.concat(parts).toString('utf8') };
    if (raw.length < lineEnd + 2 + n + 2) return 'incomplete';
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + n));
    at = lineEnd + 2 + n + 2;
  }
}
