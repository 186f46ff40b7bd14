/** The bridge in a plain browser: `POST /api/<channel>` with a bearer token, and server-sent events for pushes. */
import {
  CHANNEL_NAMES,
  EVENT_NAMES,
  HTTP,
  type ApiMethods,
  type Channel,
  type Envelope,
  type EventName,
  type Subscribe,
} from '../../preload/contract/index.ts';
import type { Bridge } from './bridge.ts';

/** The minimum of EventSource the bridge uses (injectable for tests). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

/** The part of `fetch` the bridge uses: the browser's and Node's both fit (injectable for tests). */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; cache: 'no-store' },
) => Promise<{ readonly status: number; json(): Promise<unknown> }>;

/** What the HTTP bridge needs from the page. */
export interface HttpBridgeDeps {
  /** Origin of the engine's loopback server, e.g. `http://127.0.0.1:4711` (the page's own origin in practice). */
  readonly baseUrl: string;
  readonly token: string;
  readonly fetch: FetchLike;
  readonly openEvents: (url: string) => EventSourceLike;
}

const fail = (code: 'unauthorized' | 'unavailable' | 'internal', message: string): Envelope<never> => ({
  ok: false,
  error: { code, message },
});

function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { ok?: unknown; value?: unknown; error?: { code?: unknown; message?: unknown } };
  if (v.ok === true) return 'value' in v;
  return v.ok === false && typeof v.error?.code === 'string' && typeof v.error.message === 'string';
}

/** Sends one call; every failure becomes an envelope, so callers handle one shape. */
async function post(deps: HttpBridgeDeps, channel: Channel, args: unknown): Promise<Envelope<unknown>> {
  let response: Awaited<ReturnType<FetchLike>>;
  try {
    response = await deps.fetch(`${deps.baseUrl}${HTTP.apiPrefix}${channel}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${deps.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
      cache: 'no-store',
    });
  } catch (e) {
    return fail('unavailable', `Trail Boss is not reachable (${e instanceof Error ? e.message : String(e)})`);
  }
  if (response.status === 401 || response.status === 403)
    return fail('unauthorized', 'The token was refused: open the URL printed by `trailboss daemon --ui` again.');
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return fail('internal', `${channel}: HTTP ${response.status} without a JSON answer`);
  }
  return isEnvelope(body) ? body : fail('internal', `${channel}: HTTP ${response.status} with an answer outside the contract`);
}

/** Creates the HTTP + SSE bridge. The event stream opens on the first subscription. */
export function httpBridge(deps: HttpBridgeDeps): Bridge {
  // Generated from the channel list: every channel has the same HTTP shape.
  const api = Object.fromEntries(CHANNEL_NAMES.map((c) => [c, (args: unknown) => post(deps, c, args)])) as unknown as ApiMethods;

  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const connection = new Set<(connected: boolean) => void>();
  let source: EventSourceLike | null = null;

  const open = (): void => {
    const url = `${deps.baseUrl}${HTTP.eventsPath}?${HTTP.tokenParam}=${encodeURIComponent(deps.token)}`;
    const es = deps.openEvents(url);
    for (const name of EVENT_NAMES) {
      es.addEventListener(name, (event) => {
        let payload: unknown;
        try {
          payload = JSON.parse(String(event.data));
        } catch {
          return; // A malformed frame is dropped; the next queue:changed carries the truth.
        }
        listeners.get(name)?.forEach((l) => l(payload));
      });
    }
    es.addEventListener('open', () => connection.forEach((l) => l(true)));
    es.addEventListener('error', () => connection.forEach((l) => l(false)));
    source = es;
  };

  const on: Subscribe = (event, listener) => {
    if (source === null) open();
    const set = listeners.get(event) ?? new Set();
    const wrapped = (payload: unknown) => listener(payload as Parameters<typeof listener>[0]);
    set.add(wrapped);
    listeners.set(event, set);
    return () => {
      set.delete(wrapped);
    };
  };

  return {
    kind: 'http',
    api,
    on,
    onConnection(listener) {
      connection.add(listener);
      return () => {
        connection.delete(listener);
      };
    },
    close() {
      source?.close();
      source = null;
    },
  };
}
