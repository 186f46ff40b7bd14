/**
 * Wiring step 2 and 4: one tmux client per watched server, and the pane observer over them. The
 * observer's facts go to the truth and, for panes that came or went, to the watchdog (bound later).
 */
import type { Config } from '../config/index.ts';
import { PaneObserver } from '../observe/observer.ts';
import type { ProcessTable } from '../platform/process-table.ts';
import type { Runner, Spawner } from '../platform/run.ts';
import { RUNTIMES } from '../runtimes/catalog.ts';
import type { Fact, PaneKey } from '../sessions/facts.ts';
import type { Store } from '../store/index.ts';
import { localSocketPath } from '../tmux/socket-path.ts';
import { openTmuxClient } from '../tmux/open.ts';
import type { TmuxClient, TmuxServer } from '../tmux/types.ts';
import type { PaneTruth } from '../truth/pane-truth.ts';
import type { Foundation, UndoList } from './foundation.ts';
import type { Late } from './late.ts';
import type { WatchdogWiring } from './watchdog-wiring.ts';

/** The servers to watch: the caller's list, else the default server (unless switched off) plus the config's sockets. */
export function serversToWatch(requested: readonly TmuxServer[] | null, config: Config): readonly TmuxServer[] {
  if (requested) return requested;
  const defaultServer: TmuxServer[] = config.tmux.includeDefault ? [{ kind: 'default' }] : [];
  return [...defaultServer, ...config.tmux.sockets.map((path): TmuxServer => ({ kind: 'socket', path }))];
}

/**
 * Open a control client on each server; every opened client is closed by the undo list. `env` is
 * the engine's environment (its TMUX_TMPDIR places the default and named servers' sockets).
 */
export async function openTmuxClients(
  f: Foundation,
  servers: readonly TmuxServer[],
  runner: Runner & Spawner,
  env: Readonly<Record<string, string | undefined>>,
  undo: UndoList,
): Promise<TmuxClient[]> {
  const clients: TmuxClient[] = [];
  undo.push(() => Promise.all(clients.map((c) => c.close())));
  const { logger, clock } = f;
  const uid = process.getuid?.() ?? 0;
  for (const server of servers) {
    const socketPath = localSocketPath(server, env, uid);
    // Change events ride on the control client: it then hears output of the panes it follows.
    const changeEvents = f.config().observe.mode === 'events';
    clients.push(await openTmuxClient(server, runner, { mode: f.config().tmux.captureMode, logger, clock, socketPath, changeEvents }));
  }
  return clients;
}

/**
 * Facts in: the truth applies them; a pane that came or went is re-synced with the watchdog, and a
 * pane that went is forgotten by every per-pane record outside the truth (`paneGone`), so a long run
 * with agents coming and going keeps nothing for panes that no longer exist.
 */
export function factSink(
  store: Store,
  truth: PaneTruth,
  watchdog: Late<WatchdogWiring>,
  paneGone: (pane: PaneKey) => void = () => {},
): (facts: Fact[]) => void {
  return (facts) => {
    truth.apply(facts);
    for (const fact of facts) {
      if (fact.kind === 'pane-gone') paneGone(fact.pane);
      if (fact.kind !== 'pane-seen' && fact.kind !== 'pane-gone') continue;
      const pane = store.panes.get(fact.pane);
      if (pane) watchdog.get().sync(pane);
    }
  };
}

/** The observer over the clients (not started: the engine starts it once everything is wired). */
export function buildObserver(
  f: Foundation,
  clients: TmuxClient[],
  processTable: ProcessTable,
  onFacts: (facts: Fact[]) => void,
): PaneObserver {
  const observe = f.config().observe;
  return new PaneObserver({
    clients,
    runtimes: RUNTIMES,
    clock: f.clock,
    logger: f.logger,
    processTable,
    options: {
      mode: observe.mode,
      settleMs: observe.settleMs,
      busyLookMs: observe.busyLookMs,
      safetyNetMs: observe.safetyNetMs,
      tickMs: observe.tickMs,
      recheckMs: observe.recheckMs,
      stableCaptures: observe.stabilityCaptures,
      unexplainedAfterMs: observe.unexplainedAfterMs,
    },
    overrides: () => overridesFrom(f.store),
    onFacts,
  });
}

/** The user's per-pane choices the observer honours: enrolled panes (with their runtime) and ignored ones. */
function overridesFrom(store: Store) {
  const panes = store.panes.list();
  return {
    enrolled: new Map(panes.filter((p) => p.enrolled).map((p) => [p.paneKey, p.runtime] as const)),
    ignored: new Set(panes.filter((p) => p.ignored).map((p) => p.paneKey)),
  };
}
