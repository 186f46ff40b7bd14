/**
 * CPU cost of watching: the engine in its own process watching a fleet of scripted
 * agents (mostly idle or working, a few prompting), then the bare observer with control mode and
 * with one `tmux capture-pane` process per capture (the baseline), each over the same window.
 * The tmux server's CPU is measured too, minus what it spends with nobody watching.
 */
import { join } from 'node:path';
import { startHost } from './child-host.ts';
import type { HostHandle } from './child-host.ts';
import type { Fleet } from './fleet.ts';
import { startFleet } from './fleet.ts';
import { preciseNow } from './host-protocol.ts';
import { procCpu } from './proc-cpu.ts';
import { cpuFleetKind, idleAgent, promptingAgent, runtimeAt, workingLoop } from './scenarios.ts';

/** Who watches the fleet during a window: `engine` in its default mode (tmux's change events), `engine-poll` polling. */
export type Watcher = 'engine' | 'engine-poll' | 'observer-control' | 'observer-per-process';

/** Sizes and durations of one CPU run. */
export interface CpuOptions {
  readonly panes: number;
  readonly windowMs: number;
  /** Window with nobody watching, for the tmux server's own baseline. */
  readonly idleWindowMs: number;
  /** After a watcher is ready and before its window: the first full scan of every pane. */
  readonly warmupMs?: number;
  readonly watchers: readonly Watcher[];
  /** How often a working agent redraws (ms). */
  readonly workingStepMs?: number;
}

/** One watcher's window: CPU as % of one core. */
export interface CpuRow {
  readonly panes: number;
  readonly watcher: Watcher;
  readonly windowMs: number;
  /** The watching Node process itself (utime+stime). */
  readonly processPct: number;
  /** Its tmux client processes: the control-mode client, or the reaped per-capture processes. */
  readonly clientsPct: number;
  /** The watcher's side together (process + clients): what the target applies to. */
  readonly watcherPct: number;
  /** The tmux server during the window, minus its rate with nobody watching. */
  readonly serverExtraPct: number;
  /** The tmux server during the window, all of it (the agents' own redraws included): comparable between watchers of one run. */
  readonly serverPct?: number;
  /** watcherPct + serverExtraPct: everything watching costs the machine. */
  readonly totalPct: number;
  /** Observer ticks (list-panes calls) per second; a watcher that cannot keep its 1 s tick shows < 1. Null for the engine. */
  readonly ticksPerS: number | null;
  /** Pane captures per second. Null for the engine (its client is built inside it). */
  readonly capturesPerS: number | null;
}

/** A CPU run: the fleet mix, the server's idle rate, and one row per watcher. */
export interface CpuResult {
  readonly panes: number;
  readonly mix: Readonly<Record<string, number>>;
  readonly serverIdlePct: number;
  readonly rows: readonly CpuRow[];
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
    for (const watcher of opts.watchers) rows.push(await measureWatcher(fleet, watcher, opts, serverIdlePct));
    return { panes: opts.panes, mix, serverIdlePct, rows };
  } finally {
    await fleet.dispose();
  }
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
