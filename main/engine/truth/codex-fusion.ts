/**
 * Codex CLI heard directly: its hooks (0.169+, `$CODEX_HOME/hooks.json`) send Claude's payload shape
 * (test/fixtures/hooks/codex), so a delivery maps to its pane the same way — `$TMUX_PANE` first,
 * process ancestry when the hook ran outside tmux's environment — and becomes a `hook` Fact at once.
 * Codex has no status file; after a deny it sends no Stop, so the pane alone says "idle again".
 * The pane still decides which key is sent.
 */
import type { WatchedPane } from '../claude-signals/session-pane.ts';
import { resolveSessionPane } from '../claude-signals/session-pane.ts';
import { ClaudeSessionDirectory } from '../claude-signals/session-directory.ts';
import type { HookDelivery } from '../hooks/hook-ingest.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Logger } from '../platform/log.ts';
import type { ProcessTable } from '../platform/process-table.ts';
import type { Fact } from '../sessions/facts.ts';
import { parsePaneKey } from '../tmux/pane-key.ts';

export interface CodexFusionDeps {
  readonly observer: Pick<PaneObserver, 'snapshot'>;
  readonly logger: Logger;
  readonly processTable: ProcessTable;
  readonly apply: (facts: Fact[]) => void;
}

/** Codex hook deliveries → facts for the pane each session runs in. */
export class CodexFusion {
  /** Same bookkeeping as Claude's sessions: the shapes are the same. */
  readonly directory = new ClaudeSessionDirectory();

  constructor(private readonly deps: CodexFusionDeps) {}

  private watched(): WatchedPane[] {
    return this.deps.observer
      .snapshot()
      .filter((p) => p.runtime === 'codex')
      .map((p) => {
        const server = parsePaneKey(p.key)?.server;
        return { pane: p.key, paneId: p.info.paneId, socketPath: server?.kind === 'socket' ? server.path : null, pid: p.info.pid };
      });
  }

  /** A Codex hook arrived (after the HTTP answer was sent): map it to its pane and apply it now. */
  deliver(delivery: HookDelivery): void {
    const watched = this.watched();
    const processes = delivery.origin.tmuxPane ? null : this.deps.processTable.snapshot();
    const mapping = resolveSessionPane({
      watched,
      origin: delivery.origin,
      processes,
      knownPane: this.directory.knownPane(delivery.sessionId),
    });
    const fact = this.directory.ingest(delivery, mapping);
    if (fact) this.deps.apply([fact]);
    else this.deps.logger.log('debug', 'codex.hook-unmapped', { event: delivery.event, session: delivery.sessionId });
  }
}
