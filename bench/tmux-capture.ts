/**
 * Cost of one observer tick's captures (plain + `-e` of every pane) on a private tmux server:
 * control mode (one long-lived client) vs one batched `tmux source-file -` vs one `tmux capture-pane`
 * process per capture (the baseline the design forbids). Prints a table, writes bench/results/tmux-capture.json.
 * CPU counts everything the tick costs: this process, its reaped tmux children, the control client and the tmux server.
 * Run: node_modules/.bin/node --import tsx bench/tmux-capture.ts [panes…]   (default: 50 200)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { systemClock } from '../main/engine/platform/clock.ts';
import { silentLogger } from '../main/engine/platform/log.ts';
import type { Runner, Spawner } from '../main/engine/platform/run.ts';
import { realRunner } from '../main/engine/platform/run.ts';
import { BatchTmuxClient } from '../main/engine/tmux/batch-client.ts';
import { ControlModeClient } from '../main/engine/tmux/control-client.ts';
import { TMUX_ENV, tmuxGlobalArgs } from '../main/engine/tmux/server-args.ts';
import type { CaptureRequest, TmuxServer } from '../main/engine/tmux/types.ts';
import { drawFileCommand } from '../test/engine/tmux/support/pane-programs.ts';
import { poll } from '../test/support/poll.ts';
import { startPrivateTmux } from '../test/support/tmux-server.ts';

const CLK_TCK = 100; // Linux USER_HZ: /proc times are in 1/100 s on every mainstream kernel.
const screenFile = fileURLToPath(new URL('../test/fixtures/panes/claude/perm-bash.ansi', import.meta.url));

/** utime+stime (and children's, for ourselves) of a process in ms, from /proc. */
function procCpuMs(pid: number | 'self', withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const ticks = f[11]! + f[12]! + (withChildren ? f[13]! + f[14]! : 0);
    return (ticks * 1000) / CLK_TCK;
  } catch {
    return 0; // the process is gone
  }
}

interface Method {
  readonly name: string;
  tick(requests: readonly CaptureRequest[]): Promise<number>;
  close(): Promise<void>;
}

/** The baseline: a process per capture, at most 8 at a time. */
function perProcess(server: TmuxServer): Method {
  const one = async (r: CaptureRequest, colour: boolean): Promise<number> => {
    const res = await realRunner.run('tmux', [...tmuxGlobalArgs(server), 'capture-pane', '-p', ...(colour ? ['-e'] : []), '-t', r.paneId], {
      env: TMUX_ENV,
    });
    return res.exitCode === 0 ? 1 : 0;
  };
  return {
    name: 'process per capture',
    async tick(requests) {
      const jobs = requests.flatMap((r) => [() => one(r, false), () => one(r, true)]);
      let done = 0;
      const workers = Array.from({ length: 8 }, async () => {
        for (let job = jobs.shift(); job; job = jobs.shift()) {
          const ok = await job(); // read `done` only after the await: workers interleave
          done += ok;
        }
      });
      await Promise.all(workers);
      return done / 2;
    },
    close: async () => {},
  };
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function measure(
  method: Method,
  requests: readonly CaptureRequest[],
  ticks: number,
  pids: () => number[],
): Promise<{ p50: number; p95: number; cpuMsPerTick: number; selfMs: number; tmuxMs: number }> {
  for (let i = 0; i < 2; i++) await method.tick(requests); // warm up (and connect)
  const wall: number[] = [];
  const self0 = process.cpuUsage();
  const children0 = procCpuMs('self', true) - procCpuMs('self');
  const others0 = pids().map((p) => procCpuMs(p));
  for (let i = 0; i < ticks; i++) {
    const t0 = performance.now();
    const got = await method.tick(requests);
    wall.push(performance.now() - t0);
    if (got !== requests.length) throw new Error(`${method.name}: captured ${got} of ${requests.length}`);
  }
  const self = process.cpuUsage(self0);
  const children = procCpuMs('self', true) - procCpuMs('self') - children0;
  const others = pids()
    .map((p, i) => procCpuMs(p) - (others0[i] ?? 0))
    .reduce((a, b) => a + b, 0);
  const cpu = (self.user + self.system) / 1000 + children + others;
  const selfMs = (self.user + self.system) / 1000 / ticks;
  return { p50: percentile(wall, 50), p95: percentile(wall, 95), cpuMsPerTick: cpu / ticks, selfMs, tmuxMs: cpu / ticks - selfMs };
}

async function run(paneCount: number): Promise<Record<string, unknown>[]> {
  const t = await startPrivateTmux();
  try {
    const panes: string[] = [];
    for (let i = 0; i < paneCount; i++)
      panes.push(await t.newPane(drawFileCommand(screenFile), { session: `s${i % 20}`, width: 120, height: 40 }));
    const serverPid = Number((await t.tmux(['display-message', '-p', '#{pid}'])).trim());
    await poll(
      async () => (await t.tmux(['capture-pane', '-p', '-t', panes.at(-1)!])).includes('Do you want to proceed?'),
      'the permission prompt',
      { timeoutMs: 30_000 },
    );
    const requests = panes.map((paneId) => ({ paneId, colour: true }));

    const spawned: number[] = [];
    const tracking: Runner & Spawner = {
      run: realRunner.run,
      spawnLongLived(file, args, opts) {
        const p = realRunner.spawnLongLived(file, args, opts);
        if (p.pid) spawned.push(p.pid);
        return p;
      },
    };
    const control = new ControlModeClient(t.server, tracking, { logger: silentLogger, clock: systemClock });
    const batch = new BatchTmuxClient(t.server, realRunner, { logger: silentLogger });
    const methods: Method[] = [
      { name: 'control mode', tick: async (r) => (await control.capture(r)).length, close: async () => {} },
      {
        name: 'control mode, plain only',
        tick: async (r) => (await control.capture(r.map((x) => ({ ...x, colour: false })))).length,
        close: () => control.close(),
      },
      { name: 'batch (source-file -)', tick: async (r) => (await batch.capture(r)).length, close: () => batch.close() },
      perProcess(t.server),
    ];
    const rows: Record<string, unknown>[] = [];
    for (const m of methods) {
      const ticks = m.name === 'process per capture' ? 5 : 20;
      const r = await measure(m, requests, ticks, () => [serverPid, ...spawned]);
      rows.push({
        panes: paneCount,
        method: m.name,
        ticks,
        msPerTickP50: round(r.p50),
        msPerTickP95: round(r.p95),
        cpuMsPerTick: round(r.cpuMsPerTick),
        ofWhichNodeMs: round(r.selfMs),
        ofWhichTmuxMs: round(r.tmuxMs),
        cpuPercentAt1Hz: round(r.cpuMsPerTick / 10),
      });
      await m.close();
    }
    return rows;
  } finally {
    await t.kill();
  }
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

const counts = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const all: Record<string, unknown>[] = [];
for (const n of counts.length ? counts : [50, 200]) all.push(...(await run(n)));
console.table(all);
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`load average during the run: ${load} (cores: shared machine — compare methods, not absolute numbers)`);
const out = fileURLToPath(new URL('./results/tmux-capture.json', import.meta.url));
mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
writeFileSync(out, `${JSON.stringify({ load, rows: all }, null, 2)}\n`);
console.log(`wrote ${out}`);
