/**
 * tmux's change signal, per server: which servers give it, which panes it follows, and where a
 * signal goes (the observer's `onChange`). A server whose client cannot give it is polled instead.
 */
import type { Logger } from '../platform/log.ts';
import type { PaneKey } from '../sessions/facts.ts';
import { paneKey } from '../sessions/facts.ts';
import type { PaneInfo, TmuxClient } from '../tmux/types.ts';
import { serverKey } from '../tmux/types.ts';
import type { ObserveMode } from './look-schedule.ts';

/** What a signal means for the observer: this pane changed, the server's pane set did, or anything on this server may have. */
export type ChangeSignal =
  | { readonly kind: 'pane'; readonly pane: PaneKey; readonly paused: boolean }
  | { readonly kind: 'panes'; readonly client: TmuxClient }
  | { readonly kind: 'server'; readonly client: TmuxClient };

/** How one server is watched, and why it is polled when events were asked for. */
export interface ServerMode {
  readonly server: string;
  readonly mode: ObserveMode;
  readonly reason: string | null;
  /** Events: tmux announces changes of the pane set (else the panes are listed every tick to find new agents). */
  readonly panesAnnounced?: boolean;
}

/** The signal of every server that gives it. */
export class ChangeSignals {
  private readonly listening = new Set<TmuxClient>();
  private readonly fallback = new Map<TmuxClient, string>();

  constructor(
    private readonly wanted: ObserveMode,
    private readonly logger: Logger,
    private readonly onChange: (signal: ChangeSignal) => void,
  ) {}

  /** How this server's panes are watched now. */
  modeOf(client: TmuxClient): ObserveMode {
    return this.wanted === 'events' && client.changes !== undefined && !this.fallback.has(client) ? 'events' : 'poll';
  }

  /** Every server's mode, for `doctor` and status. */
  modes(clients: readonly TmuxClient[]): ServerMode[] {
    return clients.map((client) => {
      const mode = this.modeOf(client);
      const reason =
        this.wanted === 'poll' || mode === 'events'
          ? null
          : (this.fallback.get(client) ?? 'this tmux client gives no change signal (batch mode: control mode is unavailable)');
      const server = serverKey(client.server);
      return mode === 'events' ? { server, mode, reason, panesAnnounced: this.announcesPanes(client) } : { server, mode, reason };
    });
  }

  /**
   * After a pane list of `client`: follow its watched panes (and only those). A server that refuses
   * falls back to polling for the rest of the run, said once in the log.
   */
  async follow(client: TmuxClient, panes: readonly PaneInfo[]): Promise<void> {
    const feed = client.changes;
    if (this.modeOf(client) !== 'events' || !feed) return;
    if (!this.listening.has(client)) {
      this.listening.add(client);
      const server = serverKey(client.server);
      feed.listen((change) =>
        this.onChange(
          change.kind === 'output'
            ? { kind: 'pane', pane: paneKey(server, change.paneId), paused: change.paused }
            : { kind: change.kind === 'reset' ? 'server' : 'panes', client },
        ),
      );
    }
    if (!(await feed.follow(panes))) {
      const reason = feed.unavailable ?? 'the change signal is unavailable';
      this.fallback.set(client, reason);
      this.logger.log('warn', 'observer.events-unavailable', { server: serverKey(client.server), reason });
    }
  }

  /** Whether this server's panes need listing only when tmux says the set changed (and on the safety net's pace). */
  announcesPanes(client: TmuxClient): boolean {
    return this.modeOf(client) === 'events' && client.changes?.announcesPanes === true;
  }

  /** The client left the list (its host was removed). */
  forget(client: TmuxClient): void {
    this.listening.delete(client);
    this.fallback.delete(client);
  }
}
