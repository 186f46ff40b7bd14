/** The two IPC primitives the preload needs, so the API can be built and tested without Electron. */

/** What `ipcRenderer` provides, narrowed: request/response and main → renderer messages. */
export interface IpcPort {
  invoke(channel: string, args: unknown): Promise<unknown>;
  /** Listen on a channel; the returned function removes exactly this listener. */
  listen(channel: string, listener: (payload: unknown) => void): () => void;
}
