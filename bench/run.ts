/**
 * `npm run bench -- [--quick] [--only detection,cpu,hooks,tmux-capture,snapshot,cli,remote,soak] [--soak-minutes N]`: every latency
 * and cost target (bench/targets.ts) measured in one run (percentiles and ratios, never one timing), plus the
 * other benches folded in. Prints the tables; writes bench/results/<timestamp>.json after every
 * phase, so an interrupted run keeps what it measured. Exit 1 when a phase failed to run (a missed
 * target is a finding, reported in the table, not a crash).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { runCliBench } from './cli.ts';
import { runCpu } from './cpu.ts';
import { runDenyMessageBench } from './deny-message.ts';
import { runDetection } from './detection.ts';
import { disposeAllFleets } from './fleet.ts';
import { runSnapshotBench, runTmuxCaptureBench } from './folded.ts';
import { runHookFusion } from './hook-fusion.ts';
import { runHookIngest } from './hook-ingest.ts';
import { runPhone } from './phone.ts';
import { runSlack } from './slack.ts';
import { runRemote } from './remote.ts';
import { runTuiBench } from './tui.ts';
import { runSoak } from './soak.ts';
import type { BenchPlan, Phase } from './options.ts';
import { USAGE, parseBenchArgs } from './options.ts';
import { loadAverage, procAvailable } from './proc-cpu.ts';
import type { BenchResults } from './report.ts';
import { formatReport, isError, verdicts } from './report.ts';

const parsed = parseBenchArgs(process.argv.slice(2));
if (process.argv.includes('--help') || !parsed.ok) {
  if (!parsed.ok && !process.argv.includes('--help')) process.stderr.write(`${parsed.message}\n`);
  process.stdout.write(`${USAGE}\n`);
  process.exit(parsed.ok || process.argv.includes('--help') ? 0 : 2);
}
const plan = parsed.plan;
if (!procAvailable()) {
  process.stderr.write('bench: needs Linux /proc for CPU times\n');
  process.exit(2);
}

const started = new Date();
const machine = {
  cpus: os.cpus().length,
  model: os.cpus()[0]?.model ?? 'unknown',
  memoryGB: Math.round(os.totalmem() / 2 ** 30),
  kernel: os.release(),
  node: process.version,
  tmux: spawnSync('tmux', ['-V'], { encoding: 'utf8' }).stdout.trim(),
  loadBefore: loadAverage(),
};
const results: BenchResults = {};
const file = fileURLToPath(new URL(`./results/${started.toISOString().replace(/[:.]/g, '-')}.json`, import.meta.url));
mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });

function save(): void {
  const finished = new Date();
  const body = {
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationS: Math.round((finished.getTime() - started.getTime()) / 1000),
    quick: plan.quick,
    plan,
    machine: { ...machine, loadAfter: loadAverage() },
    results,
    verdicts: verdicts(results),
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
}

async function runPhase(phase: Phase, p: BenchPlan): Promise<void> {
  switch (phase) {
    case 'detection': {
      const out = [];
      for (const size of p.detection) {
        progress(`detection + approve: ${size.agents} agents, ${size.windowMs / 1000} s window`);
        // Both modes side by side, 20 % of the agents busy: tmux's change events, then polling.
        for (const observeMode of ['events', 'poll'] as const) out.push(await runDetection({ ...size, observeMode, busyShare: 0.2 }));
      }
      results.detection = out;
      return;
    }
    case 'cpu': {
      const out = [];
      for (const size of p.cpu) {
        progress(
          `cpu: twin fleets of ${size.panes} panes, ${size.rounds} rounds of events and poll side by side (${size.windowMs / 1000} s each, twins swapped each round), then the observers on twin A`,
        );
        out.push(await runCpu({ ...size, watchers: ['engine', 'engine-poll', 'observer-control', 'observer-per-process'] }));
      }
      results.cpu = out;
      return;
    }
    case 'hooks': {
      progress(`hooks: ingest route ×${p.hooks.ingestSamples}, engine with ${p.hooks.fusionAgents} Claude panes`);
      const ingest = await runHookIngest(p.hooks.ingestSamples);
      const fusion = await runHookFusion({ agents: p.hooks.fusionAgents, windowMs: p.hooks.fusionWindowMs });
      progress(`hooks: engine with ${p.hooks.fusionAgents} Codex panes`);
      const codexFusion = await runHookFusion({ agents: p.hooks.fusionAgents, windowMs: p.hooks.fusionWindowMs, runtime: 'codex' });
      progress(`hooks: engine with ${p.hooks.fusionAgents} opencode panes (plugin)`);
      const opencodeFusion = await runHookFusion({ agents: p.hooks.fusionAgents, windowMs: p.hooks.fusionWindowMs, runtime: 'opencode' });
      results.hooks = { ingest, fusion, codexFusion, opencodeFusion };
      return;
    }
    case 'tmux-capture':
      progress(`tmux-capture: ${p.tmuxCapturePanes.join(', ')} panes`);
      results.tmuxCapture = await runTmuxCaptureBench(p.tmuxCapturePanes);
      return;
    case 'snapshot':
      progress(`snapshot: ${p.snapshot.mb} MB × ${p.snapshot.runs}`);
      results.snapshot = await runSnapshotBench(p.snapshot);
      return;
    case 'remote':
      progress(
        `remote: twin sets of ${p.remote.hosts} hosts × ${p.remote.panesPerHost} panes over loopback ssh, events and poll side by side for ${p.remote.rounds} rounds, then twin A as local servers`,
      );
      results.remote = await runRemote(p.remote);
      return;
    case 'soak':
      progress(
        `soak: ${p.soak.agents} agents through the API, a tenth replaced every ${p.soak.churnEveryMs / 1000} s; ${p.soak.warmupMs / 1000} s warm-up, then ${p.soak.durationMs / 60_000} min sampled every ${p.soak.sampleEveryMs / 1000} s`,
      );
      results.soak = await runSoak(p.soak, progress);
      return;
    case 'cli':
      progress(
        `cli: the installed command, ${p.cli.samples} samples each, status over ${p.cli.statusPanes} panes, snapshot save of ${p.cli.snapshotMB} MB`,
      );
      results.cli = await runCliBench(p.cli);
      return;
    case 'tui':
      progress(`tui: first frame with ${p.tui.items} items ×${p.tui.starts}, ${p.tui.newItems} new items in the open UI`);
      results.tui = await runTuiBench(p.tui);
      return;
    case 'deny-message':
      progress(`deny-message: ${p.denyMessage.samples} round trips each on scripted Claude, Codex and opencode`);
      results.denyMessage = await runDenyMessageBench(p.denyMessage);
      return;
    case 'phone':
      progress(`phone: ${p.phone.agents} agents, ${p.phone.prompting} prompting through the stand-in Bot API`);
      results.phone = await runPhone(p.phone);
      return;
    case 'slack':
      progress(`slack: ${p.slack.agents} agents, ${p.slack.prompting} prompting through the Slack stand-in`);
      results.slack = await runSlack(p.slack);
      return;
  }
}

function progress(message: string): void {
  const s = Math.round((Date.now() - started.getTime()) / 1000);
  process.stderr.write(`[bench +${s}s] ${message} (load ${loadAverage()})\n`);
}

// Interrupted: kill the private tmux servers (their agents with them); engine hosts stop on stdin EOF.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping`);
    void disposeAllFleets().finally(() => process.exit(130));
  });
}

const KEYS: Readonly<Record<Phase, keyof BenchResults>> = {
  detection: 'detection',
  cpu: 'cpu',
  hooks: 'hooks',
  'tmux-capture': 'tmuxCapture',
  snapshot: 'snapshot',
  cli: 'cli',
  tui: 'tui',
  remote: 'remote',
  soak: 'soak',
  phone: 'phone',
  slack: 'slack',
  'deny-message': 'denyMessage',
};
for (const phase of plan.phases) {
  try {
    await runPhase(phase, plan);
  } catch (error) {
    results[KEYS[phase]] = { error: error instanceof Error ? error.message : String(error) } as never;
    progress(`${phase} FAILED: ${String(error)}`);
  }
  save();
}

const finishedS = Math.round((Date.now() - started.getTime()) / 1000);
process.stdout.write(`\nTrail Boss bench — ${started.toISOString()} — ${plan.quick ? 'quick' : 'full'} run, ${finishedS} s\n`);
process.stdout.write(
  `machine: ${machine.cpus} × ${machine.model}, ${machine.memoryGB} GB, Linux ${machine.kernel}, Node ${machine.node}, ${machine.tmux}; load before ${machine.loadBefore}, after ${loadAverage()}\n\n`,
);
process.stdout.write(`${formatReport(results)}\n\nwrote ${file}\n`);
process.exitCode = Object.values(results).some(isError) ? 1 : 0;
