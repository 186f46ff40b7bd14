/** What the preload exposes as `window.trailboss`, and what the renderer's bridges implement. */
import type { ApiMethods } from './api.ts';
import type { EventName, EventPayload } from './events.ts';

/** Stops a subscription. Calling it twice is harmless. */
export type Unsubscribe = () => void;

/** Subscribes to one engine event. */
export type Subscribe = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => Unsubscribe;

/** The API surface: the method map under `api`, events through `on`. */
export interface TrailbossApi {
  readonly api: ApiMethods;
  readonly on: Subscribe;
}

/** The global name the preload exposes the API under (`window.trailboss`). */
export const EXPOSED_NAME = 'trailboss';

/** HTTP mapping of the same contract (the engine's loopback server and the browser bridge agree on it). */
export const HTTP = {
  /** `POST /api/<channel>` with the JSON args as body and `Authorization: Bearer <token>`; answers a JSON Envelope (always HTTP 200 unless unauthorized). */
  apiPrefix: '/api/',
  /** `GET /api/events?token=<token>`: server-sent events, `event: <EventName>` and `data: <JSON payload>`. */
  eventsPath: '/api/events',
  tokenParam: 'token',
} as const;
