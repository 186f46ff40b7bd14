/**
 * TUI phase: `trailboss tui` (the package as installed: the launcher beside the bundled CLI) in a
 * pane of a private tmux server, against a real engine (a process of its own) watching a fleet of prompting agents. First frame: from starting the
 * command until the pane shows the whole queue (target ≤ 400 ms with 50 items). New item: from the
 * engine's `item:added` until the open UI shows it (target ≤ 300 ms). The screen is read with
 * capture-pane every 10 ms, so a figure can be up to that much late. Then the status segment against
 * the same queue, exactly as tmux's status line runs it every status-interval in every client
 * (`/bin/sh -c '<the command in the file trailboss tmux install writes>'`: the sh script, no Node),
 * alternating with a bare `node -e 0` and with the Node command `trailboss tmux-status`: the segment's
 * p95 ≤ 25 ms and ≤ 1.3× the bare Node's p95; the Node command is reported beside it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_KEY, fileSegment, integrationFileText } from '../main/cli/tmux-config/integration-file.ts';
import { segmentCommand } from '../main/cli/tmux-config/status-segment.ts';
import { launcherCommand, runtimeFiles } from '../main/engine/hooks/runtime-layout.ts';
import { buildCli } from '../scripts/build-cli.mjs';
import { poll } from '../test/support/poll.ts';
import { PINNED_NODE } from '../test/support/run-node.ts';
import { startScriptedAgent } from '../test/support/scripted-agent/start.ts';
import { startPrivateTmux } from '../test/support/tmux-server.ts';
import { startHost } from './child-host.ts';
import { startFleet } from './fleet.ts';
import { preciseNow, type HostMessage } from './host-protocol.ts';
import { promptingAgent, runtimeAt } from './scenarios.ts';
import { summarize, type Summary } from './stats.ts';

/** Targets of the terminal UI, and of the installed status segment (p95 wall, and at most this many times a bare Node's p95). */
export const TUI_TARGETS = { firstFrameMs: 400, newItemMs: 300, tmuxStatusMs: 25, tmuxStatusRatio: 1.3 } as const;

/** The launcher as installed (npm and a clone alike run its `tmux-status` fast path, before any CLI code). */
const LAUNCHER = join(import.meta.dirname, '..', 'bin', 'trailboss.mjs');

/** Sizes of one run. */
export interface TuiPlan {
  readonly items: number;
  readonly starts: number;
  readonly newItems: number;
  /** Runs of the installed status segment, and as many of a bare `node -e 0` and of `trailboss tmux-status` between them. */
  readonly statusRuns: number;
}

/** The phase's figures. */
export interface TuiResult {
  readonly items: number;
  readonly firstFrame: Summary;
  /** A bare `node -e` printing one line in a new pane the same way, just before each start: the machine's floor now. */
  readonly bareNode: Summary;
  readonly newItem: Summary;
  /** The status segment as installed, run as tmux runs it against the queue above (wall per run): what the targets judge. */
  readonly tmuxSegment: Summary;
  /** The command inside the installed segment's `#(…)`. */
  readonly tmuxSegmentCommand: string;
  /** What the segment printed (checked: the queue's count). */
  readonly tmuxSegmentOutput: string;
  /** `trailboss tmux-status`, the Node command (wall per run), each run just after one of the segment's. */
  readonly tmuxStatus: Summary;
  /** `node -e 0` on the same Node, each run just before one of the segment's. */
  readonly tmuxStatusBare: Summary;
  /** What the Node command printed (checked: the queue's count). */
  readonly tmuxStatusOutput: string;
}

/** The command tmux's status line runs for `home`, from the file `trailboss tmux install` writes in this checkout. */
function installedSegmentCommand(home: string): string {
  const layout = { kind: 'repo', root: join(import.meta.dirname, '..') } as const;
  const spec = { key: DEFAULT_KEY, trailboss: launcherCommand(layout), statusScript: runtimeFiles(layout).statusScript, home };
  const found = fileSegment(integrationFileText(spec));
  if (found === null) throw new Error('the installed tmux file has no status segment');
  return segmentCommand(found);
}

type StatusFigures = Pick<
  TuiResult,
  'tmuxSegment' | 'tmuxSegmentCommand' | 'tmuxSegmentOutput' | 'tmuxStatus' | 'tmuxStatusBare' | 'tmuxStatusOutput'
>;

/**
 * One run of a program, start to exit, timed around spawnSync: nothing on the bench's event loop
 * can delay the start or the notice of the exit (with spawn, a busy event loop, the engine's when it
 * ran in this process, added its own milliseconds to every figure, the bare Node's too).
 */
function timedRun(file: string, args: readonly string[], env: Record<string, string>): { ms: number; stdout: string } {
  const started = performance.now();
  const run = spawnSync(file, args, { env: { PATH: '/usr/bin:/bin', ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - started;
  if (run.error) throw run.error;
  return { ms, stdout: run.stdout };
}

/**
 * The installed segment (`/bin/sh -c '<command>'`, as tmux runs `#()`), a bare `node -e 0` and
 * `trailboss tmux-status` on Node, in turn, `runs` times each: the status line's cost beside Node's floor.
 */
function measureTmuxStatus(home: string, runs: number): StatusFigures {
  const command = installedSegmentCommand(home);
  // The segment is given the home; tmux's environment need not name it. The Node command finds it in TRAILBOSS_HOME.
  const segment = () => timedRun('/bin/sh', ['-c', command], { HOME: home });
  const env = { TRAILBOSS_HOME: home, HOME: home };
  const node = () => timedRun(PINNED_NODE, [LAUNCHER, 'tmux-status'], env);
  // Warm the file cache once, as tmux's second run (15 s later) finds it.
  let segmentOutput = segment().stdout;
  let nodeOutput = node().stdout;
  const timed: { segment: number[]; node: number[]; bare: number[] } = { segment: [], node: [], bare: [] };
  for (let i = 0; i < runs; i++) {
    timed.bare.push(timedRun(PINNED_NODE, ['-e', '0'], env).ms);
    const s = segment();
    timed.segment.push(s.ms);
    segmentOutput = s.stdout;
    const n = node();
    timed.node.push(n.ms);
    nodeOutput = n.stdout;
  }
  return {
    tmuxSegment: summarize(timed.segment),
    tmuxSegmentCommand: command,
    tmuxSegmentOutput: segmentOutput.trim(),
    tmuxStatus: summarize(timed.node),
    tmuxStatusBare: summarize(timed.bare),
    tmuxStatusOutput: nodeOutput.trim(),
  };
}

/**
 * The package as npm installs it, in `dir`: the launcher (which turns on Node's compile cache, as
 * for every user) beside the bundled CLI and package.json. Resolves with the launcher's path.
 */
async function installedLauncher(dir: string): Promise<string> {
  await buildCli({ outDir: join(dir, 'dist', 'cli') });
  mkdirSync(join(dir, 'bin'));
  copyFileSync(LAUNCHER, join(dir, 'bin', 'trailboss.mjs'));
  copyFileSync(join(import.meta.dirname, '..', 'package.json'), join(dir, 'package.json'));
  return join(dir, 'bin', 'trailboss.mjs');
}

/** Runs the phase. */
export async function runTuiBench(plan: TuiPlan): Promise<TuiResult> {
  const work = mkdtempSync(join(tmpdir(), 'tb-bench-tui-'));
  const fleet = await startFleet(Array.from({ length: plan.items }, (_, i) => promptingAgent(runtimeAt(i))));
  const ui = await startPrivateTmux();
  const home = join(work, 'tb');
  // The engine in a process of its own (as installed, it is never in the UI's or the bench's): the
  // bench's polling of the screen then shares no event loop with the engine's work.
  const engine = await startHost('engine-host.ts', { home, socket: fleet.socket, captureMode: 'auto', api: true, autoApprove: null });
  try {
    const cli = await installedLauncher(join(work, 'pkg'));
    const ready = engine.messages.find((m) => m.type === 'ready');
    if (ready?.type !== 'ready' || ready.port === null || ready.token === null) throw new Error('the engine host has no API');
    const api = { port: ready.port, token: ready.token };
    const waiting = async () => {
      const res = await fetch(`http://127.0.0.1:${api.port}/api/queue:list`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      const q = (await res.json()) as { ok: boolean; value?: unknown[] };
      return q.ok && Array.isArray(q.value) ? q.value.length : 0;
    };
    await poll(async () => (await waiting()) >= plan.items, `${plan.items} items queued`, { timeoutMs: 120_000, intervalMs: 200 });
    const screenOf = async (pane: string) => (await ui.tmux(['capture-pane', '-p', '-t', pane])).split('\n')[0] ?? '';
    const shows = (pane: string, count: number) =>
      poll(async () => (await screenOf(pane)).includes(`${count} waiting`), `the UI shows ${count} waiting`, {
        timeoutMs: 30_000,
        intervalMs: 10,
      });
    // BENCH_TUI_CPU_PROF=<dir>: each start runs under V8's sampling profiler and is quit with q
    // after its frame is timed, so that Node writes the start's .cpuprofile into <dir>.
    const profileDir = process.env['BENCH_TUI_CPU_PROF'];
    const profiling = profileDir === undefined ? '' : `--cpu-prof --cpu-prof-dir='${profileDir}' `;
    const command = `'${PINNED_NODE}' ${profiling}'${cli}' tui; exec sleep 600`;
    // The launcher keeps Node's compile cache under XDG_CACHE_HOME: the bench's own, not the user's.
    const env = { TRAILBOSS_HOME: home, TERM: 'xterm-256color', XDG_CACHE_HOME: join(work, 'cache') };
    if (profileDir !== undefined) mkdirSync(profileDir, { recursive: true });
    const profiles = () => (profileDir === undefined ? 0 : readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).length);
    const first: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i <= plan.starts; i++) {
      const bareStart = performance.now();
      const barePane = await ui.newPane(`'${PINNED_NODE}' -e 'console.log("BARE-" + "READY")'; exec sleep 600`, { session: `bare${i}` });
      await poll(async () => (await screenOf(barePane)).includes('BARE-READY'), 'bare node printed', { timeoutMs: 30_000, intervalMs: 10 });
      if (i > 0) bare.push(performance.now() - bareStart);
      await ui.tmux(['kill-session', '-t', `bare${i}`]);
      const started = performance.now();
      const pane = await ui.newPane(command, { width: 100, height: 40, env, session: `start${i}` });
      await shows(pane, plan.items);
      // The first start fills Node's compile cache, as a user's first run after install does: not counted.
      if (i > 0) first.push(performance.now() - started);
      if (profileDir !== undefined) {
        const written = profiles();
        await ui.tmux(['send-keys', '-t', pane, 'q']);
        await poll(async () => profiles() > written, 'the start wrote its profile', { timeoutMs: 30_000, intervalMs: 50 });
      }
      await ui.tmux(['kill-session', '-t', `start${i}`]);
    }
    const pane = await ui.newPane(command, { width: 100, height: 40, env, session: 'open' });
    await shows(pane, plan.items);
    const shown: number[] = [];
    for (let i = 1; i <= plan.newItems; i++) {
      const before = engine.messages.length;
      await startScriptedAgent(fleet.tmux, promptingAgent(runtimeAt(i)), { session: `late${i}` });
      await shows(pane, plan.items + i);
      // Both ends on the epoch clock with sub-ms precision (host-protocol.ts preciseNow), across processes.
      const shownAt = preciseNow();
      // Its `added` line may reach the bench just after the pane showed the item.
      const added = await engine.waitFor(
        (m): m is Extract<HostMessage, { type: 'added' }> => m.type === 'added' && engine.messages.indexOf(m) >= before,
        30_000,
        'the new item reported by the engine',
      );
      shown.push(shownAt - added.t);
    }
    const statusLine = measureTmuxStatus(home, plan.statusRuns);
    const count = `⏳${plan.items + plan.newItems} `;
    if (!statusLine.tmuxSegmentOutput.startsWith(count) || !statusLine.tmuxStatusOutput.startsWith(count))
      throw new Error(
        `the status segment printed ${JSON.stringify(statusLine.tmuxSegmentOutput)} and tmux-status ${JSON.stringify(statusLine.tmuxStatusOutput)}, not the queue's ${plan.items + plan.newItems}`,
      );
    return { items: plan.items, firstFrame: summarize(first), bareNode: summarize(bare), newItem: summarize(shown), ...statusLine };
  } finally {
    await engine.stop();
    await ui.kill();
    await fleet.dispose();
    rmSync(work, { recursive: true, force: true });
  }
}
