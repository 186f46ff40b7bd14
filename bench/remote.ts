/**
 * The remote phase: hosts reached over real OpenSSH on loopback (one private sshd; each host is its
 * own tmux server behind it, with its own ssh connection), each with `panesPerHost` agent panes —
 * `loopingPerHost` scripted agents that prompt, get approved and prompt again at a fixed pace (one
 * prompt every `periodMs` however soon it was answered, a whole number of them per window, so every
 * engine faces the same prompts), the rest idle Claude screens drawn once by a program that then
 * sleeps (cheap: no Node per pane). There are two identical host sets, twins A and B: each round the
 * events engine watches one over ssh and the poll engine the other, both over the same window, twins
 * swapped every round (compared in remote-modes.ts by the rounds' paired ratios). Then twin A is
 * watched as local servers, in the same run, so the cost of SSH is a ratio. Measured per engine:
 * detection (prompt drawn → item:added), approve (request → key in the pane), its own CPU, its ssh
 * children's, its host set's tmux servers', and the ssh processes per host.
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
import type { HostHandle } from './child-host.ts';
import { startHost, withHostsTogether } from './child-host.ts';
import type { BenchPlan } from './options.ts';
import type { HostMessage } from './host-protocol.ts';
import { preciseNow } from './host-protocol.ts';
import type { Twin } from './paired.ts';
import { twinsInRound } from './paired.ts';
import { childPids, loadNow, procCpu } from './proc-cpu.ts';
import { loopingPrompt } from './scenarios.ts';
import type { RemoteResult, RemoteRow } from './remote-modes.ts';
import { summarize } from './stats.ts';

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

/**
 * Run the phase: twin host sets over ssh, the two observe modes side by side on them each round
 * (events on A in odd rounds, on B in even ones), then twin A alone as local servers.
 */
export async function runRemote(opts: RemoteOptions): Promise<RemoteResult> {
  const sshd = await startSshd();
  const twins = new Map<Twin, HostFleet[]>([
    ['A', []],
    ['B', []],
  ]);
  try {
    // One host after the other (A's h1…hN, then B's hN+1…h2N: every pane key stays distinct), since
    // starting hundreds of agents at once would overload the machine.
    for (const [k, twin] of (['A', 'B'] as const).entries())
      for (let i = 0; i < opts.hosts; i++) twins.get(twin)!.push(await startHostFleet(sshd, k * opts.hosts + i, opts));
    const rows: RemoteRow[] = [];
    for (let round = 1; round <= opts.rounds; round++) {
      const on = twinsInRound(round);
      const [events, poll] = await measureTogether(
        [
          { mode: 'ssh', observe: 'events', fleets: twins.get(on.events)! },
          { mode: 'ssh', observe: 'poll', fleets: twins.get(on.poll)! },
        ],
        sshd,
        opts,
        `r${round}`,
      );
      rows.push({ ...events!, round, twin: on.events }, { ...poll!, round, twin: on.poll });
    }
    // Twin B was only for the rounds side by side: free its hosts before the local row runs alone on A.
    const b = twins.get('B')!;
    while (b.length > 0) await b.pop()!.tmux.kill();
    const [local] = await measureTogether([{ mode: 'local', observe: 'events', fleets: twins.get('A')! }], sshd, opts, 'local');
    rows.push({ ...local!, twin: 'A' });
    return { hosts: opts.hosts, panesPerHost: opts.panesPerHost, loopingPerHost: opts.loopingPerHost, windowMs: opts.windowMs, rows };
  } finally {
    for (const fleets of twins.values()) for (const f of fleets) await f.tmux.kill();
    await sshd.dispose();
  }
}

/** One engine of a window: how it reaches its host set (over ssh, or as local servers), its observe mode, and the hosts. */
interface Watching {
  readonly mode: 'local' | 'ssh';
  readonly observe: 'events' | 'poll';
  readonly fleets: readonly HostFleet[];
}

function startEngine(w: Watching, sshd: TestSshd, tag: string): Promise<HostHandle> {
  const hostConfig = w.fleets.map((f) => ({ name: f.name, destination: sshd.alias, sockets: [f.socket], sshConfig: sshd.sshConfig }));
  return startHost('engine-host.ts', {
    home: join(sshd.dir, `engine-${w.mode}-${w.observe}-${tag}`),
    socket: w.fleets[0]!.socket,
    ...(w.mode === 'local' ? { sockets: w.fleets.map((f) => f.socket) } : { hosts: hostConfig }),
    captureMode: 'control',
    observeMode: w.observe,
    api: false,
    autoApprove: { maxDelayMs: 1000 },
  });
}

/** The ssh processes among an engine's children (its connections to the hosts). */
function sshChildren(host: HostHandle): number[] {
  return childPids(host.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'ssh';
    } catch {
      return false; // exited between the listing and the read
    }
  });
}

/**
 * Start the engines together, warm up, and measure them over one shared window: every /proc counter
 * is read at the same instants, so engines side by side share the machine's load exactly. Each
 * engine's figures come from its own host set's agents.
 */
async function measureTogether(watching: readonly Watching[], sshd: TestSshd, opts: RemoteOptions, tag: string): Promise<RemoteRow[]> {
  return withHostsTogether(
    watching.map((w) => startEngine(w, sshd, tag)),
    async (hosts) => {
      const readyAt = hosts.map((h) => h.messages.find((m) => m.type === 'ready')!.t);
      const windowStart = Math.max(...readyAt) + opts.warmupMs;
      const windowEnd = windowStart + opts.windowMs;
      await sleep(Math.max(0, windowStart - preciseNow()));
      const sshAtStart = hosts.map(sshChildren);
      const cpuOf = (pids: readonly number[]): number => pids.reduce((sum, pid) => sum + procCpu(pid).own, 0);
      const read = () => ({
        each: watching.map((w, i) => ({
          engine: procCpu(hosts[i]!.pid).own,
          ssh: cpuOf(sshAtStart[i]!),
          servers: cpuOf(w.fleets.map((f) => f.serverPid)),
        })),
        t: preciseNow(),
      });
      const a = read();
      const sshPerHost = watching.map(() => 0);
      while (preciseNow() < windowEnd) {
        watching.forEach((w, i) => (sshPerHost[i] = Math.max(sshPerHost[i]!, sshChildren(hosts[i]!).length / w.fleets.length)));
        await sleep(Math.min(2000, Math.max(0, windowEnd - preciseNow())));
      }
      const b = read();
      const load = loadNow();
      const pct = (cpuMs: number): number => (b.t > a.t ? (cpuMs / (b.t - a.t)) * 100 : 0);
      // Grace: the last prompts drawn in the window still get detected and answered.
      await sleep(3000);
      return watching.map((w, i): RemoteRow => {
        const [x, y] = [a.each[i]!, b.each[i]!];
        const serverKeyOf = w.mode === 'local' ? (f: HostFleet) => `S:${f.socket}` : (f: HostFleet) => `@${f.name}:S:${f.socket}`;
        return {
          ...figures(w.mode, hosts[i]!.messages, w.fleets, windowStart, windowEnd, serverKeyOf),
          observe: w.observe,
          enginePct: pct(y.engine - x.engine),
          sshPct: pct(y.ssh - x.ssh),
          sshPerHost: sshPerHost[i]!,
          serversPct: pct(y.servers - x.servers),
          load,
        };
      });
    },
  );
}

function figures(
  mode: 'local' | 'ssh',
  messages: readonly HostMessage[],
  fleets: readonly HostFleet[],
  windowStart: number,
  windowEnd: number,
  serverKeyOf: (f: HostFleet) => string,
): Pick<RemoteRow, 'mode' | 'detection' | 'missed' | 'approve' | 'approveOutcomes' | 'keysReceived'> {
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
