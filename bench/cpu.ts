/**
 * CPU cost of watching: the engine in its own process watching a fleet of scripted agents (mostly idle
 * or working, a few prompting), then the bare observer with control mode and with one
 * `tmux capture-pane` process per capture (the baseline), each over the same window. The tmux server's
 * CPU is measured too, minus what it spends with nobody watching.
 * The engine's two observe modes run side by side on twin fleets, swapping twins each round
 * (`cpuWindows` in cpu-modes.ts), and are compared by their rounds' paired ratios (`modeComparison`).
 */
import { join } from 'node:path';
import { startHost, withHostsTogether } from './child-host.ts';
import type { HostHandle } from './child-host.ts';
import type { Fleet } from './fleet.ts';
import { startFleet } from './fleet.ts';
import { preciseNow } from './host-protocol.ts';
import { loadNow, procCpu } from './proc-cpu.ts';
import type { CpuResult, CpuRow, Watcher, WindowSlot } from './cpu-modes.ts';
import { cpuWindows } from './cpu-modes.ts';
import type { Twin } from './paired.ts';
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
  /** Rounds of the engine's two modes side by side on twin fleets (default 1); the other watchers run once, after them. */
  readonly rounds?: number;
  /** How often a working agent redraws (ms). */
  readonly workingStepMs?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Measure every requested watcher: over twin fleets of `panes` agents when both engine modes are asked for, else over one. */
export async function runCpu(opts: CpuOptions): Promise<CpuResult> {
  // Busy agents redraw every 100 ms (a spinner with streamed text), as in the detection runs.
  const stepMs = opts.workingStepMs ?? 100;
  const kinds = Array.from({ length: opts.panes }, (_, i) => cpuFleetKind(i));
  const scenarios = () =>
    kinds.map((kind, i) => {
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
  const plan = cpuWindows(opts.watchers, opts.rounds ?? 1);
  const fleets = new Map<Twin, Fleet>();
  try {
    // One after the other: starting hundreds of agents at once would overload the machine.
    fleets.set('A', await startFleet(scenarios()));
    if (plan.twins) fleets.set('B', await startFleet(scenarios()));
    const idle = await idleRates([...fleets.values()], opts.idleWindowMs);
    const idlePct = new Map([...fleets.keys()].map((twin, i) => [twin, idle[i]!]));
    const rows: CpuRow[] = [];
    for (const [i, window] of plan.windows.entries()) {
      // Twin B is only for the paired rounds: once none is left, free its agents before the other watchers run.
      const b = fleets.get('B');
      if (b && !plan.windows.slice(i).some((w) => w.some((slot) => slot.fleet === 'B'))) {
        fleets.delete('B');
        await b.dispose();
      }
      const on = (slot: WindowSlot) => slot.fleet ?? 'A';
      const measured = await measureTogether(
        window.map((slot) => ({ watcher: slot.watcher, fleet: fleets.get(on(slot))!, serverIdlePct: idlePct.get(on(slot))! })),
        opts,
      );
      window.forEach((slot, k) =>
        rows.push({
          ...measured[k]!,
          ...(slot.round === undefined ? {} : { round: slot.round }),
          ...(slot.fleet ? { fleet: slot.fleet } : {}),
        }),
      );
    }
    return {
      panes: opts.panes,
      mix,
      serverIdlePct: idlePct.get('A')!,
      ...(plan.twins ? { twinIdlePct: { A: idlePct.get('A')!, B: idlePct.get('B')! } } : {}),
      rows,
    };
  } finally {
    for (const fleet of fleets.values()) await fleet.dispose();
  }
}

/** Each server's CPU (% of a core) with nobody watching, all over one window. */
async function idleRates(fleets: readonly Fleet[], windowMs: number): Promise<number[]> {
  const read = () => ({ own: fleets.map((f) => procCpu(f.serverPid).own), t: preciseNow() });
  const a = read();
  await sleep(windowMs);
  const b = read();
  return fleets.map((_, i) => pct(b.own[i]! - a.own[i]!, b.t - a.t));
}

async function startWatcher(fleet: Fleet, watcher: Watcher): Promise<HostHandle> {
  switch (watcher) {
    case 'engine':
    case 'engine-poll':
      return startHost('engine-host.ts', {
        home: join(fleet.dir, `${watcher}-${Date.now()}`),
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

/** One watcher of a window: its fleet and that fleet's server rate with nobody watching. */
interface Watching {
  readonly watcher: Watcher;
  readonly fleet: Fleet;
  readonly serverIdlePct: number;
}

/**
 * Start the watchers together, warm up, and measure them over one window: every /proc counter is read
 * at the same instants, so watchers side by side share the machine's load exactly.
 */
async function measureTogether(watching: readonly Watching[], opts: CpuOptions): Promise<CpuRow[]> {
  return withHostsTogether(
    watching.map((w) => startWatcher(w.fleet, w.watcher)),
    async (hosts) => {
      await sleep(opts.warmupMs ?? 6000);
      const read = () => ({
        each: watching.map((w, i) => {
          const host = hosts[i]!;
          const self = procCpu(host.pid);
          const live = host.spawnedPids().reduce((sum, pid) => sum + procCpu(pid).own, 0);
          return { process: self.own, clients: self.children + live, server: procCpu(w.fleet.serverPid).own };
        }),
        t: preciseNow(),
      });
      const sa = await Promise.all(hosts.map((h) => h.stats()));
      const a = read();
      await sleep(opts.windowMs);
      const b = read();
      const sb = await Promise.all(hosts.map((h) => h.stats()));
      const ms = b.t - a.t;
      const load = loadNow();
      return watching.map((w, i): CpuRow => {
        const [x, y, statsA, statsB] = [a.each[i]!, b.each[i]!, sa[i]!, sb[i]!];
        const rate = (from: number | null, to: number | null): number | null =>
          from === null || to === null ? null : ((to - from) * 1000) / (statsB.t - statsA.t);
        const processPct = pct(y.process - x.process, ms);
        const clientsPct = pct(y.clients - x.clients, ms);
        const serverPct = pct(y.server - x.server, ms);
        const serverExtraPct = serverPct - w.serverIdlePct;
        return {
          panes: opts.panes,
          watcher: w.watcher,
          windowMs: ms,
          processPct,
          clientsPct,
          watcherPct: processPct + clientsPct,
          serverExtraPct,
          serverPct,
          totalPct: processPct + clientsPct + serverExtraPct,
          load,
          ticksPerS: rate(statsA.listPanes, statsB.listPanes),
          capturesPerS: rate(statsA.captures, statsB.captures),
        };
      });
    },
  );
}

function pct(cpuMs: number, wallMs: number): number {
  return wallMs > 0 ? (cpuMs / wallMs) * 100 : 0;
}
