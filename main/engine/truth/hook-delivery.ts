/**
 * One agent hook delivery → the pane it came from → a `hook` Fact. Shared by every runtime whose hooks
 * send Claude's payload shape (Claude Code, Codex): `$TMUX_PANE` first, process ancestry when the hook
 * ran outside tmux's environment, then the session's last known pane. A delivery tagged with a host
 * (it came through that host's forwarded socket) is matched against that host's panes only, by its
 * remote `$TMUX_PANE` and socket: never this machine's process table, never another host's pane.
 */
import type { WatchedPane } from '../claude-signals/session-pane.ts';
import { resolveSessionPane } from '../claude-signals/session-pane.ts';
import type { ClaudeSessionDirectory } from '../claude-signals/session-directory.ts';
import type { HookDelivery } from '../hooks/hook-ingest.ts';
import { hostOfPaneKey, localPartOfPaneKey } from '../hosts/host-spec.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Logger } from '../platform/log.ts';
import type { ProcessTable } from '../platform/process-table.ts';
import type { RuntimeId } from '../runtimes/types.ts';
import type { Fact } from '../sessions/facts.ts';
import { parsePaneKey } from '../tmux/pane-key.ts';

/**
 * This machine's panes of `runtime` in the mapping's terms. A hook arrives on this machine's loopback
 * with this machine's `$TMUX_PANE` and pids, so a remote pane (same pane id, other host) never matches.
 */
export function localWatchedPanes(observer: Pick<PaneObserver, 'snapshot'>, runtime: RuntimeId): WatchedPane[] {
  return watchedPanesOf(observer, runtime, null);
}

/** The panes of `runtime` on `host` (null: this machine) in the mapping's terms; socket paths as that host knows them. */
export function watchedPanesOf(observer: Pick<PaneObserver, 'snapshot'>, runtime: RuntimeId, host: string | null): WatchedPane[] {
  return observer
    .snapshot()
    .filter((p) => p.runtime === runtime && hostOfPaneKey(p.key) === host)
    .map((p) => {
      const server = parsePaneKey(localPartOfPaneKey(p.key))?.server;
      return { pane: p.key, paneId: p.info.paneId, socketPath: server?.kind === 'socket' ? server.path : null, pid: p.info.pid };
    });
}

export interface HookDeliveryDeps {
  readonly observer: Pick<PaneObserver, 'snapshot'>;
  readonly processTable: ProcessTable;
  readonly logger: Logger;
  readonly apply: (facts: Fact[]) => void;
}

/** Map the delivery to its pane and apply its fact now; an unmapped one is logged and dropped. */
export function deliverHook(deps: HookDeliveryDeps, directory: ClaudeSessionDirectory, runtime: RuntimeId, delivery: HookDelivery): void {
  // Process ancestry only when the hook could not say its pane (a hook outside tmux's env), and only
  // for this machine: a remote hook's pids are another machine's.
  const processes = delivery.origin.tmuxPane || delivery.host !== null ? null : deps.processTable.snapshot();
  const mapping = resolveSessionPane({
    watched: watchedPanesOf(deps.observer, runtime, delivery.host),
    origin: delivery.origin,
    processes,
    knownPane: directory.knownPane(delivery.sessionId, delivery.host),
  });
  const fact = directory.ingest(delivery, mapping);
  if (fact) deps.apply([fact]);
  else deps.logger.log('debug', `${runtime}.hook-unmapped`, { event: delivery.event, session: delivery.sessionId });
}
