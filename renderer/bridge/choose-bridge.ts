/** Picks the bridge for where the page runs: Electron's preload if present, else HTTP with the URL's token. */
import { EXPOSED_NAME, type TrailbossApi } from '../../preload/contract/index.ts';
import type { Bridge } from '../../client/bridge/bridge.ts';
import { httpBridge, type EventSourceLike } from '../../client/bridge/http-bridge.ts';
import { ipcBridge } from './ipc-bridge.ts';

/** What choosing needs from the page. */
export interface PageEnv {
  readonly exposed: TrailbossApi | undefined;
  readonly origin: string;
  /** The token from the URL fragment or from this tab's session storage. */
  readonly token: string | null;
  readonly fetch: typeof fetch;
  readonly openEvents: (url: string) => EventSourceLike;
}

/** A bridge, or why there is none (shown instead of the UI). */
export type BridgeChoice = { readonly ok: true; readonly bridge: Bridge } | { readonly ok: false; readonly problem: string };

/** Chooses the bridge. */
export function chooseBridge(env: PageEnv): BridgeChoice {
  if (env.exposed !== undefined) return { ok: true, bridge: ipcBridge(env.exposed) };
  if (env.token !== null)
    return { ok: true, bridge: httpBridge({ baseUrl: env.origin, token: env.token, fetch: env.fetch, openEvents: env.openEvents }) };
  return { ok: false, problem: `No API token. Open the URL that \`trailboss daemon --ui\` prints (it ends in #token=…).` };
}

/** Reads the preload's API off the window, if this page runs in Electron. */
export function exposedApi(win: object): TrailbossApi | undefined {
  return (win as Record<string, TrailbossApi | undefined>)[EXPOSED_NAME];
}
