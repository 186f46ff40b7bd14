/**
 * The client core's HTTP bridge in Node, for the terminal UI: calls go over the CLI's loopback POST
 * (node:net, cheap to load) and events over the `eventsource` package (reconnects by itself, and
 * says so, so the stores reload what was missed). Every call says `X-Trailboss-Surface: tui`: the
 * audit names this face.
 */
import { EventSource } from 'eventsource';
import type { Bridge } from '../../../client/bridge/bridge.ts';
import { httpBridge, type FetchLike } from '../../../client/bridge/http-bridge.ts';
import { loopbackPost } from '../loopback-post.ts';

/** Where the engine listens and its token (from the endpoint and token files). */
export interface EngineEndpoint {
  readonly port: number;
  readonly token: string;
}

/** `fetch` for the loopback API only: the path of `url` is posted to the engine's port. */
export function loopbackFetch(port: number, timeoutMs = 30_000): FetchLike {
  return async (url, init) => {
    const answer = await loopbackPost(port, new URL(url).pathname, init.headers, init.body, timeoutMs);
    return { status: answer.status, json: async () => JSON.parse(answer.body) as unknown };
  };
}

/** The bridge to the engine at `endpoint`. */
export function nodeBridge(endpoint: EngineEndpoint): Bridge {
  return httpBridge({
    baseUrl: `http://127.0.0.1:${endpoint.port}`,
    token: endpoint.token,
    headers: { 'X-Trailboss-Surface': 'tui' },
    fetch: loopbackFetch(endpoint.port),
    openEvents: (url) => new EventSource(url),
  });
}
