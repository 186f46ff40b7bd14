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
writeFileSync(paths.config, JSON.stringify({ tmux: { captureMode: config.captureMode }, ...(config.tickMs ? { observe: { tickMs: config.tickMs } } : {}) }));

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
  servers: [{ kind: 'socket', path: config.socket }],
  clock: systemClock,
  logger: streamLogger((line) => process.stderr.write(line), 'warn'),
  runner,
  processTable: procProcessTable(),
  pid: process.pid,
  api: config.api,
});

const timers = new Set<NodeJS.Timeout>();
let stopping = false;

engine.on('item:added', ({ item }) => {
  say({ type: 'added', t: preciseNow(), id: item.id, paneKey: item.paneKey, reason: item.reason });
  if (!config.autoApprove || item.reason !== 'permission') return;
  // A random delay spreads the looping agents' next prompts over the tick, so detection samples
  // are not phase-locked to the observer's schedule.
  const timer = setTimeout(() => {
    timers.delete(timer);
    if (stopping) return;
    const tReq = preciseNow();
    void engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint }).then((result) => {
      const outcome = result.ok ? result.value.outcome : `error:${result.error.code}`;
      say({ type: 'approve', id: item.id, paneKey: item.paneKey, tReq, tDone: preciseNow(), outcome });
    });
  }, Math.random() * config.autoApprove.maxDelayMs);
  timers.add(timer);
});
engine.on('reminder', ({ id, step }) => say({ type: 'reminder', t: preciseNow(), id, step }));
engine.on('engine:error', ({ message }) => say({ type: 'error', message }));

listenForCommands(() => {
  if (stopping) return;
  stopping = true;
  for (const timer of timers) clearTimeout(timer);
  void engine.stop().then(() => {
    say({ type: 'stopped', t: preciseNow() });
    process.exit(0);
  });
});

say({ type: 'ready', t: preciseNow(), pid: process.pid, port: engine.apiPort, token: engine.apiToken });
