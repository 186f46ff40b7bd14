/**
 * opencode heard directly: the events our plugin forwards (bin/trailboss-opencode-plugin.js) are
 * mapped to the pane the session runs in — `$TMUX_PANE` from opencode's own environment first, its
 * pid's ancestry when it runs outside tmux's environment, then the session's last pane — and become
 * a `hook` Fact at once. Each mapped event also makes the observer capture that pane now, so the
 * pane's own parse (which alone decides every key) follows within one capture instead of the next
 * window-activity tick. Remote panes never match: the plugin reaches only this machine's engine.
 */
import type { WatchedPane } from '../claude-signals/session-pane.ts';
import { resolveSessionPane } from '../claude-signals/session-pane.ts';
import type { OpencodeDelivery } from '../hooks/opencode-ingest.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Logger } from '../platform/log.ts';
import type { ProcessTable } from '../platform/process-table.ts';
import type { Fact, PaneKey } from '../sessions/facts.ts';
import { localWatchedPanes } from './hook-delivery.ts';

export interface OpencodeFusionDeps {
  readonly observer: Pick<PaneObserver, 'snapshot' | 'lookNow'>;
  readonly logger: Logger;
  readonly processTable: ProcessTable;
  readonly apply: (facts: Fact[]) => void;
}

/** Sessions remembered (least recently heard dropped first): one opencode runs a handful. */
const MAX_SESSIONS = 1000;

/** opencode plugin deliveries → facts for the pane each session runs in. */
export class OpencodeFusion {
  private readonly panes = new Map<string, PaneKey>();

  constructor(private readonly deps: OpencodeFusionDeps) {}

  /** An event arrived (after the HTTP answer was sent): map it to its pane, apply it, look at the pane. */
  deliver(delivery: OpencodeDelivery): void {
    const watched: WatchedPane[] = localWatchedPanes(this.deps.observer, 'opencode');
    const processes = delivery.origin.tmuxPane ? null : this.deps.processTable.snapshot();
    const mapping = resolveSessionPane({
      watched,
      origin: delivery.origin,
      processes,
      knownPane: this.panes.get(delivery.sessionId) ?? null,
    });
    if (mapping.kind !== 'pane') {
      this.deps.logger.log('debug', 'opencode.event-unmapped', { event: delivery.event, session: delivery.sessionId });
      return;
    }
    this.remember(delivery.sessionId, mapping.pane);
    if (delivery.signal !== null)
      this.deps.apply([{ kind: 'hook', pane: mapping.pane, at: delivery.at, sessionId: delivery.sessionId, signal: delivery.signal }]);
    this.deps.observer.lookNow(mapping.pane);
  }

  /** The pane a session was last mapped to (null when never mapped). */
  paneOf(sessionId: string): PaneKey | null {
    return this.panes.get(sessionId) ?? null;
  }

  private remember(sessionId: string, pane: PaneKey): void {
    this.panes.delete(sessionId);
    this.panes.set(sessionId, pane);
    while (this.panes.size > MAX_SESSIONS) {
      const oldest = this.panes.keys().next().value;
      if (oldest === undefined) break;
      this.panes.delete(oldest);
    }
  }
}
