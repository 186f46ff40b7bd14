/**
 * The remote phase: hosts reached over real OpenSSH on loopback (one private sshd; each host is its
 * own tmux server behind it, with its own ssh connection), each with `panesPerHost` agent panes —
 * `loopingPerHost` scripted agents that prompt, get approved and prompt again at a fixed pace (one
 * prompt every `periodMs` however soon it was answered, a whole number of them per window, so both
 * observe modes face the same prompts), the rest idle Claude screens drawn once by a program that
 * then sleeps (cheap: no Node per pane). The same fleet is then watched as local servers, in the
 * same run, so the cost of SSH is a ratio. Measured: detection (prompt drawn → item:added), approve
 * (request → key in the pane), the engine's CPU (its own process; its ssh children apart), and the
 * ssh processes per host.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyRecord, StateRecord } from '../test/support/scripted-agent/record.ts';
import { readRecords } from '../test/support/scripted-agent/record.ts';
import type { ScriptedAgent } from '../test/support/scripted-agent/start.ts';
import { shellQuote, startScriptedAgents } from '../test/support/scripted-agent/start.ts';
import { FIXTURES_ROOT } from '../test/support/scenarios/index.ts';
import type { TestSshd } from '../test/support/sshd.ts';
import { startSshd } from '../test/support/sshd.ts';
import type { PrivateTmux } from '../test/support/tmux-server.ts';
import { startPrivateTmux } from '../test/support/tmux-server.ts';
import { startHost } from './child-host.ts';
import type { BenchPlan } from './options.ts';
import type { HostMessage } from './host-protocol.ts';
import { preciseNow } from './host-protocol.ts';
import { childPids, procCpu } from './proc-cpu.ts';
import { loopingPrompt } from './scenarios.ts';
import type { RemoteResult, RemoteRow } from './remote-modes.ts';
import { interleavedRounds, summarize } from './stats.ts';

/** Sizes of the remote phase: the plan's own section, declared once in options.ts. */
export type RemoteOptions = BenchPlan['remote'];

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const WINDOWS_PER_SESSION = 10;

interface HostFleet {
  readonly name: string;
  readonly tmux: PrivateTmux;
  readonly socket: string;
  readonly agents: readonly ScriptedAgent[];
  readonly promptState: readonly string[];
  /** The host's tmux server (its CPU is the remote side's cost of watching). */
  readonly serverPid: number;
}

/** A quiet Claude idle screen: print the fixture, then sleep under the name `claude` (what tmux shows). */
function staticClaudeCommand(binDir: string): string {
  const bin = join(binDir, 'claude');
  try {
    symlinkSync('/bin/sleep', bin);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const screen = join(FIXTURES_ROOT, 'panes/claude/idle-after-slow-turn.ansi');
  return `printf '\\033[?1049h'; cat ${shellQuote(screen)}; exec ${shellQuote(bin)} 100000`;
}

async function startHostFleet(sshd: TestSshd, index: number, opts: RemoteOptions): Promise<HostFleet> {
  const socket = join(sshd.dir, `host${index}.sock`);
  const tmux = await startPrivateTmux({ socketPath: socket });
  try {
    return await fillHost(tmux, socket, index, opts);
  } catch (error) {
    // A fleet that failed half-way is not in the caller's list yet: its server goes here.
    await tmux.kill();
    throw error;
  }
}

async function fillHost(tmux: PrivateTmux, socket: string, index: number, opts: RemoteOptions): Promise<HostFleet> {
  const loops = Array.from({ length: opts.loopingPerHost }, () =>
    loopingPrompt('claude', { firstPromptMs: 500 + Math.random() * 1500, periodMs: opts.periodMs }),
  );
  const agents = await startScriptedAgents(
    tmux,
    loops.map((l, i) => ({ scenario: l.scenario, opts: { session: `loop${i}`, readyTimeoutMs: 60_000 } })),
    2,
  );
  for (let i = 0; i < opts.panesPerHost - opts.loopingPerHost; i++) {
    await tmux.newPane(staticClaudeCommand(tmux.dir), { session: `quiet${Math.floor(i / WINDOWS_PER_SESSION)}` });
  }
  const serverPid = Number((await tmux.tmux(['display-message', '-p', '#{pid}'])).trim());
  return { name: `h${index + 1}`, tmux, socket, agents, promptState: loops.map((l) => l.promptState), serverPid };
}

/** Run the phase: the fleet over ssh, then the same fleet as local servers. */
export async function runRemote(opts: RemoteOptions): Promise<RemoteResult> {
  const sshd = await startSshd();
  const fleets: HostFleet[] = [];
  try {
    for (let i = 0; i < opts.hosts; i++) fleets.push(await startHostFleet(sshd, i, opts));
    const rows: RemoteRow[] = [];
    // Over ssh with change events (the default) and polling, taking turns (ABBA: a load that drifts
    // weighs on both alike), then as local servers: all in one run.
    for (const [observe, round] of interleavedRounds(['events', 'poll'] as const, opts.rounds))
      rows.push({ ...(await measure('ssh', observe, sshd, fleets, opts)), round });
    rows.push(await measure('local', 'events', sshd, fleets, opts));
    return { hosts: opts.hosts, panesPerHost: opts.panesPerHost, loopingPerHost: opts.loopingPerHost, windowMs: opts.windowMs, rows };
  } finally {
    for (const f of fleets) await f.tmux.kill();
    await sshd.dispose();
  }
}

async function measure(
  mode: 'local' | 'ssh',
  observe: 'events' | 'poll',
  sshd: TestSshd,
  fleets: readonly HostFleet[],
  opts: RemoteOptions,
): Promise<RemoteRow> {
  const home = join(sshd.dir, `engine-${mode}-${observe}`);
  const hostConfig = fleets.map((f) => ({ name: f.name, destination: sshd.alias, sockets: [f.socket], sshConfig: sshd.sshConfig }));
  const host = await startHost('engine-host.ts', {
    home,
    socket: fleets[0]!.socket,
    ...(mode === 'local' ? { sockets: fleets.map((f) => f.socket) } : { hosts: hostConfig }),
    captureMode: 'control',
    observeMode: observe,
    api: false,
    autoApprove: { maxDelayMs: 1000 },
  });
  let sshPerHost = 0;
  const sshChildren = (): number[] => childPids(host.pid).filter((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'ssh');
  const sshCpu = (pids: readonly number[]): number => pids.reduce((sum, pid) => sum + procCpu(pid).own, 0);
  try {
    const ready = host.messages.find((m) => m.type === 'ready')!;
    const windowStart = ready.t + opts.warmupMs;
    const windowEnd = windowStart + opts.windowMs;
    await sleep(Math.max(0, windowStart - preciseNow()));
    const cpuStart = procCpu(host.pid).own;
    const sshAtStart = sshChildren();
    const sshStart = sshCpu(sshAtStart);
    const serversCpu = () => fleets.reduce((sum, f) => sum + procCpu(f.serverPid).own, 0);
    const serversStart = serversCpu();
    while (preciseNow() < windowEnd) {
      sshPerHost = Math.max(sshPerHost, sshChildren().length / fleets.length);
      await sleep(Math.min(2000, Math.max(0, windowEnd - preciseNow())));
    }
    const cpuEnd = procCpu(host.pid).own;
    const sshCpuEnd = sshCpu(sshAtStart);
    const serversPct = ((serversCpu() - serversStart) / opts.windowMs) * 100;
    const enginePct = ((cpuEnd - cpuStart) / opts.windowMs) * 100;
    // Grace: the last prompts drawn in the window still get detected and answered.
    await sleep(3000);
    return {
      ...figures(
        mode,
        host.messages,
        fleets,
        windowStart,
        windowEnd,
        mode === 'local' ? (f) => `S:${f.socket}` : (f) => `@${f.name}:S:${f.socket}`,
      ),
      observe,
      enginePct,
      sshPct: ((sshCpuEnd - sshStart) / opts.windowMs) * 100,
      sshPerHost,
      serversPct,
    };
  } finally {
    await host.stop();
  }
}

function figures(
  mode: 'local' | 'ssh',
  messages: readonly HostMessage[],
  fleets: readonly HostFleet[],
  windowStart: number,
  windowEnd: number,
  serverKeyOf: (f: HostFleet) => string,
): Omit<RemoteRow, 'observe' | 'enginePct' | 'sshPct' | 'sshPerHost' | 'serversPct' | 'round'> {
  const inWindow = (t: number): boolean => t >= windowStart && t <= windowEnd;
  const detection: number[] = [];
  const approve: number[] = [];
  const outcomes: Record<string, number> = {};
  const keysReceived: Record<string, number> = {};
  let missed = 0;
  for (const f of fleets) {
    f.agents.forEach((agent, i) => {
      const paneKey = `${serverKeyOf(f)}|${agent.paneId}`;
      const records = readRecords(agent.recordPath);
      const added = messages.filter(
        (m): m is Extract<HostMessage, { type: 'added' }> => m.type === 'added' && m.paneKey === paneKey && m.reason === 'permission',
      );
      const prompts = records.filter((r): r is StateRecord => r.type === 'state' && r.state === f.promptState[i]);
      prompts.forEach((p, k) => {
        if (!inWindow(p.t)) return;
        const until = prompts[k + 1]?.t ?? Infinity;
        const hit = added.find((a) => a.t >= p.t && a.t < until);
        if (!hit) return void missed++;
        detection.push(hit.t - p.t);
      });
      const keys = records.filter((r): r is KeyRecord => r.type === 'key');
      for (const key of keys) if (inWindow(key.t)) keysReceived[key.key] = (keysReceived[key.key] ?? 0) + 1;
      for (const a of messages) {
        if (a.type !== 'approve' || a.paneKey !== paneKey || !inWindow(a.tReq)) continue;
        outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
        const key = keys.find((r) => r.t >= a.tReq && r.t <= a.tDone + 1000);
        if ((a.outcome === 'confirmed' || a.outcome === 'unconfirmed') && key) approve.push(key.t - a.tReq);
      }
    });
  }
  return { mode, detection: summarize(detection), missed, approve: summarize(approve), approveOutcomes: outcomes, keysReceived };
}
