/**
 * CPU cost of watching: the engine in its own process watching a fleet of scripted
 * agents (mostly idle or working, a few prompting), then the bare observer with control mode and
 * with one `tmux capture-pane` process per capture (the baseline), each over the same window.
 * The tmux server's CPU is measured too, minus what it spends with nobody watching.
 * The engine's two observe modes take turns over several rounds (poll, events, then events, poll, …:
 * ABBA, so a load that drifts during the run weighs on both alike); compare them by the median of
 * their windows (`modeComparison`), never by one window each: on a shared machine one window swings.
 */
import { join } from 'node:path';
import { startHost } from './child-host.ts';
import type { HostHandle } from './child-host.ts';
import type { Fleet } from './fleet.ts';
import { startFleet } from './fleet.ts';
import { preciseNow } from './host-protocol.ts';
import { loadAverage, procCpu } from './proc-cpu.ts';
import type { CpuResult, CpuRow, Watcher } from './cpu-modes.ts';
import { interleavedRounds } from './stats.ts';
import { cpuFleetKind, idleAgent, promptingAgent, runtimeAt, workingLoop } from './scenarios.ts';

/** Sizes and durations of one CPU run. */
export interface CpuOptions {
  readonly panes: number;
  readonly windowMs: number;
  /** Window with nobody watching, for the tmux server's own baseline. */
  readonly idleWindowMs: number;
  /** After a watcher is ready and before its window: the first full scan of every pane. */
  readonly warmupMs?: number;
  readonly watchers: readonly Watcher[];
  /** Rounds of the engine's two modes, interleaved (default 1); the other watchers run once, after them. */
  readonly rounds?: number;
  /** How often a working agent redraws (ms). */
  readonly workingStepMs?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Measure every requested watcher over one fleet of `panes` agents. */
export async function runCpu(opts: CpuOptions): Promise<CpuResult> {
  // Busy agents redraw every 100 ms (a spinner with streamed text), as in the detection runs.
  const stepMs = opts.workingStepMs ?? 100;
  const kinds = Array.from({ length: opts.panes }, (_, i) => cpuFleetKind(i));
  const scenarios = kinds.map((kind, i) => {
    switch (kind) {
      case 'prompting':
        return promptingAgent(runtimeAt(i));
      case 'working':
        return workingLoop(runtimeAt(i), stepMs);
      case 'idle':
        return idleAgent(runtimeAt(i));
    }
  });
  const mix: Record<string, number> = {};
  for (const kind of kinds) mix[kind] = (mix[kind] ?? 0) + 1;
  const fleet = await startFleet(scenarios);
  try {
    const s0 = procCpu(fleet.serverPid).own;
    const t0 = preciseNow();
    await sleep(opts.idleWindowMs);
    const serverIdlePct = pct(procCpu(fleet.serverPid).own - s0, preciseNow() - t0);
    const rows: CpuRow[] = [];
    for (const [watcher, round] of windowOrder(opts.watchers, opts.rounds ?? 1))
      rows.push({ ...(await measureWatcher(fleet, watcher, opts, serverIdlePct)), ...(round === null ? {} : { round }) });
    return { panes: opts.panes, mix, serverIdlePct, rows };
  } finally {
    await fleet.dispose();
  }
}

const MODES: readonly Watcher[] = ['engine-poll', 'engine'];

/**
 * The windows in the order they run: the engine's modes (those asked for) in `rounds` rounds, poll
 * first in odd rounds and events first in even ones (ABBA), then every other watcher once.
 */
export function windowOrder(watchers: readonly Watcher[], rounds: number): [Watcher, number | null][] {
  const modes = MODES.filter((w) => watchers.includes(w));
  const order: [Watcher, number | null][] = interleavedRounds(modes, rounds).map(([w, r]) => [w, modes.length > 1 ? r : null]);
  for (const w of watchers) if (!MODES.includes(w)) order.push([w, null]);
  return order;
}

async function startWatcher(fleet: Fleet, watcher: Watcher): Promise<HostHandle> {
  switch (watcher) {
    case 'engine':
    case 'engine-poll':
      return startHost('engine-host.ts', {
        home: join(fleet.dir, `engine-${Date.now()}`),
        socket: fleet.socket,
        captureMode: 'control',
        observeMode: watcher === 'engine' ? 'events' : 'poll',
        api: false,
        autoApprove: null,
      });
    case 'observer-control':
      return startHost('observer-host.ts', { socket: fleet.socket, client: 'control', tickMs: 1000 });
    case 'observer-per-process':
      return startHost('observer-host.ts', { socket: fleet.socket, client: 'per-process', tickMs: 1000 });
  }
}

async function measureWatcher(fleet: Fleet, watcher: Watcher, opts: CpuOptions, serverIdlePct: number): Promise<CpuRow> {
  const host = await startWatcher(fleet, watcher);
  try {
    await sleep(opts.warmupMs ?? 6000);
    const read = () => {
      const self = procCpu(host.pid);
      const live = host.spawnedPids().reduce((sum, pid) => sum + procCpu(pid).own, 0);
      return { process: self.own, clients: self.children + live, server: procCpu(fleet.serverPid).own, t: preciseNow() };
    };
    const sa = await host.stats();
    const a = read();
    await sleep(opts.windowMs);
    const b = read();
    const sb = await host.stats();
    const ms = b.t - a.t;
    const rate = (x: number | null, y: number | null): number | null =>
      x === null || y === null ? null : ((y - x) * 1000) / (sb.t - sa.t);
    const processPct = pct(b.process - a.process, ms);
    const clientsPct = pct(b.clients - a.clients, ms);
    const serverPct = pct(b.server - a.server, ms);
    const serverExtraPct = serverPct - serverIdlePct;
    return {
      panes: opts.panes,
      watcher,
      windowMs: ms,
      processPct,
      clientsPct,
      watcherPct: processPct + clientsPct,
      serverExtraPct,
      serverPct,
      totalPct: processPct + clientsPct + serverExtraPct,
      load: Number.parseFloat(loadAverage()) || 0,
      ticksPerS: rate(sa.listPanes, sb.listPanes),
      capturesPerS: rate(sa.captures, sb.captures),
    };
  } finally {
    await host.stop();
  }
}

function pct(cpuMs: number, wallMs: number): number {
  return wallMs > 0 ? (cpuMs / wallMs) * 100 : 0;
}
