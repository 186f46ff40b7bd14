/**
 * The preload: exposes exactly the contract as `window.trailboss` through contextBridge.
 * Runs sandboxed, so it must be bundled into one file (a sandboxed preload cannot import siblings).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildTrailbossApi } from './build-api.ts';
import { EXPOSED_NAME, type TrailbossApi } from './contract/index.ts';
import type { IpcPort } from './ipc-port.ts';

const port: IpcPort = {
  invoke: (channel, args) => ipcRenderer.invoke(channel, args),
  listen(channel, listener) {
    // Drop the IpcRendererEvent: it carries `sender`, which must never reach the page.
    const handler = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  },
};

contextBridge.exposeInMainWorld(EXPOSED_NAME, buildTrailbossApi(port) satisfies TrailbossApi);
