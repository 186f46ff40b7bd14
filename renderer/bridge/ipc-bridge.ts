/** The bridge inside Electron: the preload's `window.trailboss`, which is always connected. */
import type { TrailbossApi } from '../../preload/contract/index.ts';
import type { Bridge } from '../../client/bridge/bridge.ts';

/** Wraps the API the preload exposed. */
export function ipcBridge(exposed: TrailbossApi): Bridge {
  return {
    kind: 'ipc',
    api: exposed.api,
    on: exposed.on,
    // IPC cannot drop while the window lives.
    onConnection: () => () => {},
    close: () => {},
  };
}
