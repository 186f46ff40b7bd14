/**
 * One host's hook ingest on this machine: an HTTP server on an owner-only Unix socket in the host
 * set's private (0700) directory, which the host's ssh master forwards to the remote side
 * (host-hook-link.ts). It takes `POST /hooks/claude` and nothing else, asks for no token (so none
 * ever goes to the remote host: the socket is reachable only through our own ssh connection, and
 * only by our own user), and tags every delivery with the host's name, so only that host's panes
 * can take it. Nothing here listens on a network address.
 */
import { chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { HookDelivery } from '../hooks/hook-ingest.ts';
import { readHookDelivery } from '../hooks/hook-ingest.ts';
import { HOOK_PATH } from '../http/endpoint-file.ts';
import { refusalBody, writeJson } from '../http/http-reply.ts';
import { isJsonContentType, readJsonBody } from '../http/json-body.ts';
import { statusFor } from '../http/rejections.ts';

/** What the socket needs. */
export interface HostHookSocketDeps {
  readonly host: string;
  /** The socket's path (short: sun_path holds ~104 bytes). */
  readonly path: string;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Called after the answer is sent, once per accepted hook, with `host` set. */
  readonly deliver: (delivery: HookDelivery) => void;
  /** Default 4 MiB (the forwarder's own stdin cap). */
  readonly maxBodyBytes?: number;
}

/** A listening hook socket for one host. */
export interface HostHookSocket {
  readonly path: string;
  /** Hooks accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

/** Listen on `deps.path` (a file left there is replaced), owner-only. */
export async function openHostHookSocket(deps: HostHookSocketDeps): Promise<HostHookSocket> {
  const limits = { maxBytes: deps.maxBodyBytes ?? 4 * 1024 * 1024, timeoutMs: 5_000 };
  let accepted = 0;
  const server: Server = createServer((req, res) => {
    const refuse = (status: number, reason: Parameters<typeof refusalBody>[0], message: string): void =>
      writeJson(res, status, refusalBody(reason, message), deps.logger, true);
    if (req.method !== 'POST' || req.url !== HOOK_PATH) return refuse(404, 'not-found', 'this socket takes Claude hooks only');
    if (!isJsonContentType(req.headers['content-type'])) return refuse(415, 'unsupported-media-type', 'JSON only');
    void readJsonBody(req, limits, deps.clock).then((body) => {
      if (!body.ok) return refuse(statusFor(body.reason), body.reason, body.message);
      const reading = readHookDelivery(body.value, deps.clock.now(), deps.host);
      if (!reading.ok) return refuse(statusFor(reading.reason), reading.reason, reading.message);
      accepted++;
      const { delivery } = reading;
      writeJson(res, 202, { ok: true, value: { accepted: delivery.event } }, deps.logger, true, () => deps.deliver(delivery));
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  // A socket left by an engine that was killed would stop the bind; the directory is ours alone.
  rmSync(deps.path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(deps.path, 0o600);
  deps.logger.log('info', 'host.hook-socket', { host: deps.host, path: deps.path });
  return {
    path: deps.path,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        rmSync(deps.path, { force: true });
      }),
  };
}
