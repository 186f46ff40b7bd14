/**
 * Brings the loopback API up the way clients expect to find it: load (or create) the token, listen
 * on 127.0.0.1, and publish port + token location in the endpoint file; `close()` undoes it.
 */
import path from 'node:path';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import { TOKEN_FILE_NAME, removeEndpointFile, writeEndpointFile } from './endpoint-file.ts';
import { LoopbackServer } from './server.ts';
import type { LoopbackServerOptions } from './server.ts';
import { loadOrCreateToken } from './token.ts';

/** What starting the API needs. `home` and `endpointFile` come from platform/paths.ts. */
export interface ApiEndpointOptions {
  readonly home: string;
  readonly endpointFile: string;
  /** From config; 0 = a random free port. */
  readonly port: number;
  readonly clock: Clock;
  readonly logger: Logger;
  /** This process's pid (recorded so only we remove the endpoint file). */
  readonly pid: number;
  /** Register routes before the port is published (clients may call as soon as the file exists). */
  readonly setup?: (server: LoopbackServer) => void;
  readonly limits?: Pick<LoopbackServerOptions, 'maxBodyBytes' | 'bodyTimeoutMs' | 'heartbeatMs'>;
}

/** A running, published API server. */
export interface ApiEndpoint {
  readonly server: LoopbackServer;
  readonly port: number;
  readonly token: string;
  readonly tokenFile: string;
  /** Stop the server and remove the endpoint file (if still ours). */
  close(): Promise<void>;
}

/** Start the server and write the endpoint file. */
export async function startApiEndpoint(options: ApiEndpointOptions): Promise<ApiEndpoint> {
  const tokenFile = path.join(options.home, TOKEN_FILE_NAME);
  const token = loadOrCreateToken(tokenFile);
  const server = new LoopbackServer({ port: options.port, token, clock: options.clock, logger: options.logger, ...options.limits });
  options.setup?.(server);
  const { port } = await server.start();
  writeEndpointFile(options.endpointFile, { pid: options.pid, port, tokenFile, startedAt: options.clock.now() });
  return {
    server,
    port,
    token,
    tokenFile,
    async close() {
      removeEndpointFile(options.endpointFile, { pid: options.pid, port });
      await server.close();
    },
  };
}
