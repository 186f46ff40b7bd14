/** Mounts the contract on the loopback server: POST /api/<channel> with JSON args, GET /api/events as SSE. */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import { CHANNEL_NAMES } from '../../../preload/contract/channels.ts';
import type { Channel } from '../../../preload/contract/channels.ts';
import type { LoopbackServer } from '../http/server.ts';
import type { Logger } from '../platform/log.ts';
import type { EngineEvents } from './events.ts';
import type { Surface } from '../actions/types.ts';

export interface MountDeps {
  /** The method map for a surface; HTTP callers are `api` (the browser UI) unless they say `cli` or `tui`. */
  readonly apiFor: (surface: Surface) => ApiMethods;
  readonly events: EngineEvents;
  readonly uiDir: string | null;
  readonly logger: Logger;
}

/**
 * `/api/queue:list` etc. The envelope is the body; HTTP status is 200 unless the request itself was
 * refused. The method map checks the arguments with the channel's schema (channel-schemas.ts, the
 * same check as on IPC) before anything runs: a wrong shape answers `invalid` and changes nothing.
 */
export function mountApi(server: LoopbackServer, deps: MountDeps): void {
  for (const channel of CHANNEL_NAMES) {
    server.route('POST', `/api/${channel}`, async (req) => {
      // Only the audit origin depends on this header; the token already said the caller is the user.
      const said = req.headers['x-trailboss-surface'];
      const surface: Surface = said === 'cli' || said === 'tui' ? said : 'api';
      const method = deps.apiFor(surface)[channel as Channel] as (a: unknown) => Promise<unknown>;
      // An empty body is the empty argument object of the argument-less channels.
      return { status: 200, body: await method(req.body === undefined ? {} : req.body) };
    });
  }
  if (deps.uiDir) server.serveStatic(deps.uiDir);
  server.sse('/api/events', (stream) => {
    const off = deps.events.onAny((name, payload) => {
      if (!stream.send(name, payload)) off();
    });
    stream.onClose?.(off);
  });
}
