/** The CLI's way to the running engine: the endpoint file names the port, the token file the secret. */
import { readFileSync } from 'node:fs';
import type { ApiArgs, ApiResult } from '../../preload/contract/api.ts';
import type { Channel } from '../../preload/contract/channels.ts';
import type { Envelope } from '../../preload/contract/envelope.ts';
import { readEndpointFile } from '../engine/http/endpoint-info.ts';
import { resolvePaths } from '../engine/platform/paths.ts';
import type { CliContext } from './context.ts';
import { loopbackPost } from './loopback-post.ts';

/** No engine answers for this TRAILBOSS_HOME (exit 2). */
export class NoEngineError extends Error {
  override readonly name = 'NoEngineError';
}

export interface EngineClient {
  call<C extends Channel>(channel: C, args: ApiArgs<C>): Promise<Envelope<ApiResult<C>>>;
  readonly port: number;
}

/** The port and token of the engine of the context's home (from its endpoint and token files), or NoEngineError with a hint. */
export function findEngine(ctx: Pick<CliContext, 'env' | 'platform' | 'homedir' | 'cwd'>): {
  readonly port: number;
  readonly token: string;
} {
  const paths = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  const endpoint = readEndpointFile(paths.endpoint);
  if (!endpoint) throw new NoEngineError(`no Trail Boss engine is running for ${paths.home} (start one with \`trailboss daemon\`)`);
  try {
    return { port: endpoint.port, token: readFileSync(endpoint.tokenFile, 'utf8').trim() };
  } catch (error) {
    throw new NoEngineError(`cannot read the engine's token file ${endpoint.tokenFile}: ${(error as Error).message}`);
  }
}

/** Connect to the engine of the context's home, or throw NoEngineError with a hint. */
export function engineClient(ctx: Pick<CliContext, 'env' | 'platform' | 'homedir' | 'cwd'>, timeoutMs = 10_000): EngineClient {
  const endpoint = findEngine(ctx);
  const token = endpoint.token;
  const base = `http://127.0.0.1:${endpoint.port}`;
  return {
    port: endpoint.port,
    async call(channel, args) {
      let answer: { status: number; body: string };
      try {
        answer = await loopbackPost(
          endpoint.port,
          `/api/${channel}`,
          { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Trailboss-Surface': 'cli' },
          JSON.stringify(args),
          timeoutMs,
        );
      } catch (error) {
        throw new NoEngineError(`the engine at ${base} does not answer (${(error as Error).message}); is \`trailboss daemon\` running?`);
      }
      let body: Envelope<ApiResult<typeof channel>> | null;
      try {
        body = JSON.parse(answer.body) as Envelope<ApiResult<typeof channel>>;
      } catch {
        body = null;
      }
      if (!body || typeof body !== 'object' || !('ok' in body))
        throw new NoEngineError(`the engine answered HTTP ${answer.status} without an envelope`);
      return body;
    },
  };
}
