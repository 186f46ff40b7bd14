/** What the renderer talks to: the contract's API and events, plus whether the event stream is connected. */
import type { TrailbossApi, Unsubscribe } from '../../preload/contract/index.ts';

/** The renderer's only way to reach the engine. Implemented over Electron IPC and over HTTP + SSE. */
export interface Bridge extends TrailbossApi {
  readonly kind: 'ipc' | 'http';
  /**
   * Called with false when the event stream drops and true when it is back. Events may have been
   * missed in between, so a listener reloads what it shows.
   */
  onConnection(listener: (connected: boolean) => void): Unsubscribe;
  /** Releases the event stream. */
  close(): void;
}
