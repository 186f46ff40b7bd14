/**
 * The narrow view of the engine the shell needs. The shell takes it as a parameter (never builds
 * its own engine internals), so every shell part can be driven by a fake in tests; the engine's
 * `Engine` facade (main/engine/engine.ts) satisfies it structurally.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { EventName, EventPayload } from '../../../preload/contract/events.ts';

/** What the shell reads from the engine's validated config (live: read at the moment of use). */
export interface ShellConfigView {
  readonly hotkeys: { readonly jumpOldest: string | null; readonly openQueue: string | null };
  /**
   * Argv per platform to open a terminal on a pane (placeholders `{target}`, `{socket}`, `{tmux}`),
   * and the settings form's one-line command that overrides them all when set.
   */
  readonly terminal: {
    readonly linux: readonly string[];
    readonly darwin: readonly string[];
    readonly win32: readonly string[];
    readonly command?: string | null;
  };
  readonly notifications: { readonly enabled: boolean; readonly pausedUntil: number | null };
}

/** The engine as the shell sees it: the contract's method map, its events, the live config, and stop. */
export interface EngineApi {
  readonly api: ApiMethods;
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
  config(): ShellConfigView;
  /** Stop timers, tmux clients, the loopback server and the database. Idempotent. */
  stop(): Promise<void>;
}
