/**
 * Child process for the CPU bench: the pane observer alone (no store, no state machine) on one
 * private tmux server, with a chosen tmux client — control mode, batch, or the per-process
 * baseline — so the clients can be compared under the very same observer.
 *
 *   node --import tsx bench/observer-host.ts '<ObserverHostConfig JSON>'
 */
import { PaneObserver } from '../main/engine/observe/observer.ts';
import { systemClock } from '../main/engine/platform/clock.ts';
import { streamLogger } from '../main/engine/platform/log.ts';
import { procProcessTable } from '../main/engine/platform/process-table.ts';
import type { Runner, Spawner } from '../main/engine/platform/run.ts';
import { realRunner } from '../main/engine/platform/run.ts';
import { runnerWithEnv } from '../main/engine/platform/runner-with-env.ts';
import { RUNTIMES } from '../main/engine/runtimes/catalog.ts';
import { openTmuxClient } from '../main/engine/tmux/open.ts';
import type { TmuxClient, TmuxServer } from '../main/engine/tmux/types.ts';
import type { ObserverHostConfig } from './host-protocol.ts';
import { listenForCommands, preciseNow, say } from './host-protocol.ts';
import { PerProcessTmuxClient } from './per-process-client.ts';

const config = JSON.parse(process.argv[2] ?? '{}') as ObserverHostConfig;
const logger = streamLogger((line) => process.stderr.write(line), 'warn');
const base = runnerWithEnv(realRunner, { TMUX: undefined, TMUX_PANE: undefined });
const runner: Runner & Spawner = {
  run: base.run,
  spawnLongLived(file, args, opts) {
    const child = base.spawnLongLived(file, args, opts);
    if (child.pid) say({ type: 'spawned', pid: child.pid });
    return child;
  },
};
const server: TmuxServer = { kind: 'socket', path: config.socket };
const inner: TmuxClient =
  config.client === 'per-process'
    ? new PerProcessTmuxClient(server, runner, logger)
    : await openTmuxClient(server, runner, { mode: config.client, logger, clock: systemClock });
// Count what the observer asks of tmux: a baseline that cannot keep up shows it here as fewer ticks and captures.
const counts = { listPanes: 0, captures: 0 };
const client: TmuxClient = {
  server,
  listPanes: () => (counts.listPanes++, inner.listPanes()),
  listClients: () => inner.listClients(),
  capture: async (requests) => {
    const got = await inner.capture(requests);
    counts.captures += got.length;
    return got;
  },
  sendKeys: (paneId, keys) => inner.sendKeys(paneId, keys),
  sendText: (paneId, text) => inner.sendText(paneId, text),
  pasteText: (paneId, text) => inner.pasteText(paneId, text),
  focusPane: (paneId, tty) => inner.focusPane(paneId, tty),
  command: (args) => inner.command(args),
  close: () => inner.close(),
};

let facts = 0;
// The engine's defaults (main/engine/config/schema.ts), except the tick, which the bench sets.
const observer = new PaneObserver({
  clients: [client],
  runtimes: RUNTIMES,
  clock: systemClock,
  logger,
  processTable: procProcessTable(),
  options: { tickMs: config.tickMs, recheckMs: 250, stableCaptures: 2, unexplainedAfterMs: 30_000 },
  onFacts: (batch) => {
    facts += batch.length;
  },
});

let stopping = false;
listenForCommands((command) => {
  if (command.cmd === 'stats') return say({ type: 'stats', t: preciseNow(), ...counts });
  if (stopping) return;
  stopping = true;
  void observer
    .stop()
    .then(() => client.close())
    .then(() => {
      say({ type: 'facts', t: preciseNow(), count: facts });
      say({ type: 'stopped', t: preciseNow() });
      process.exit(0);
    });
});

observer.start();
say({ type: 'ready', t: preciseNow(), pid: process.pid, port: null, token: null });
