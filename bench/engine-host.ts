/**
 * Child process for the bench: the real engine (Engine.start, real store, real tmux client) on one
 * private tmux server, in a process of its own so its CPU can be read from /proc and the bench's own
 * bookkeeping never shares its event loop. Reports new items, reminders and approvals on stdout
 * (bench/host-protocol.ts); stops cleanly on `{"cmd":"stop"}` or stdin EOF.
 *
 *   node --import tsx bench/engine-host.ts '<EngineHostConfig JSON>'
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Engine } from '../main/engine/engine.ts';
import { systemClock } from '../main/engine/platform/clock.ts';
import { streamLogger } from '../main/engine/platform/log.ts';
import { resolvePaths } from '../main/engine/platform/paths.ts';
import { procProcessTable } from '../main/engine/platform/process-table.ts';
import type { Runner, Spawner } from '../main/engine/platform/run.ts';
import { realRunner } from '../main/engine/platform/run.ts';
import { runnerWithEnv } from '../main/engine/platform/runner-with-env.ts';
import type { EngineHostConfig } from './host-protocol.ts';
import { listenForCommands, preciseNow, say } from './host-protocol.ts';

const config = JSON.parse(process.argv[2] ?? '{}') as EngineHostConfig;
const env = { TRAILBOSS_HOME: config.home };
const paths = resolvePaths({ env, platform: process.platform, homedir: config.home });
mkdirSync(paths.home, { recursive: true, mode: 0o700 });
writeFileSync(
  paths.config,
  JSON.stringify({
    tmux: { captureMode: config.captureMode },
    observe: { ...(config.tickMs ? { tickMs: config.tickMs } : {}), ...(config.observeMode ? { mode: config.observeMode } : {}) },
    ...(config.hosts ? { hosts: config.hosts } : {}),
    ...(config.phone || config.slack
      ? {
          phone: {
            ...(config.phone ? { telegram: { apiBase: config.phone.apiBase } } : {}),
            ...(config.slack ? { slack: { apiBase: config.slack.apiBase } } : {}),
          },
        }
      : {}),
  }),
);
const localSockets = config.sockets ?? (config.hosts && config.hosts.length > 0 ? [] : [config.socket]);

// Report long-lived children (the control-mode client) so the bench can add their CPU to ours.
const base = runnerWithEnv(realRunner, { TMUX: undefined, TMUX_PANE: undefined });
const runner: Runner & Spawner = {
  run: base.run,
  spawnLongLived(file, args, opts) {
    const child = base.spawnLongLived(file, args, opts);
    if (child.pid) say({ type: 'spawned', pid: child.pid });
    return child;
  },
};

const engine = await Engine.start({
  env,
  platform: process.platform,
  homedir: config.home,
  cwd: config.home,
  servers: localSockets.map((path) => ({ kind: 'socket' as const, path })),
  clock: systemClock,
  logger: streamLogger((line) => process.stderr.write(line), 'warn'),
  runner,
  processTable: procProcessTable(),
  pid: process.pid,
  api: config.api,
});

const timers = new Set<NodeJS.Timeout>();
let stopping = false;

/**
 * Approve the item as a user would, from the queue's current view of it. A hook-born item can be
 * refused until the observer has parsed the pane (the pane decides the key): try again shortly,
 * as a user clicking again would, so looping agents keep looping. Only attempts that sent a key
 * count as approve latency.
 */
async function approve(id: string, attempt: number): Promise<void> {
  if (stopping) return;
  const queue = await engine.api['queue:list']({});
  const item = queue.ok ? queue.value.find((i) => i.id === id) : undefined;
  if (!item || stopping) return; // resolved meanwhile (answered, gone)
  // The queue offers no approve yet (a hook-born item before its pane is parsed): a user's button is
  // disabled, so look again shortly instead of sending a request the API must reject.
  if (item.approveLabel === null) {
    if (attempt < 20) later(() => approve(id, attempt + 1), 250);
    return;
  }
  const tReq = preciseNow();
  const result = await engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint });
  const outcome = result.ok ? result.value.outcome : `error:${result.error.code}`;
  const message = result.ok ? result.value.message : result.error.message;
  say({ type: 'approve', id: item.id, paneKey: item.paneKey, tReq, tDone: preciseNow(), outcome, message });
  if ((outcome === 'refused' || outcome === 'changed') && attempt < 20) later(() => approve(id, attempt + 1), 250);
}

function later(fn: () => Promise<void>, ms: number): void {
  const timer = setTimeout(() => {
    timers.delete(timer);
    void fn();
  }, ms);
  timers.add(timer);
}

engine.on('item:added', ({ item }) => {
  say({
    type: 'added',
    t: preciseNow(),
    id: item.id,
    paneKey: item.paneKey,
    reason: item.reason,
    runtime: item.runtime,
    approveLabel: item.approveLabel,
  });
  // A random delay spreads the looping agents' next prompts over the tick, so detection samples
  // are not phase-locked to the observer's schedule.
  if (config.autoApprove && item.reason === 'permission') later(() => approve(item.id, 0), Math.random() * config.autoApprove.maxDelayMs);
});
engine.on('reminder', ({ id, step }) => say({ type: 'reminder', t: preciseNow(), id, step }));
engine.on('engine:error', ({ message }) => say({ type: 'error', message }));

listenForCommands((command) => {
  if (command.cmd === 'stats') return say({ type: 'stats', t: preciseNow(), listPanes: null, captures: null });
  if (stopping) return;
  stopping = true;
  for (const timer of timers) clearTimeout(timer);
  void engine.stop().then(() => {
    say({ type: 'stopped', t: preciseNow() });
    process.exit(0);
  });
});

say({ type: 'ready', t: preciseNow(), pid: process.pid, port: engine.apiPort, token: engine.apiToken });
