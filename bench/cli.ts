/**
 * CLI phase: the installed `trailboss` (npm pack + npm install -g into a temp prefix) as a user
 * types it, each figure beside a bare `node -e 0` measured in the same run. Targets (a command must feel instant):
 * `--help` ≤ 80 ms wall p50 and ≤ 60 MB peak; `queue --json` against a running engine ≤ 120 ms p50;
 * `status --json` one-shot scan of 20 panes ≤ 800 ms p50; `snapshot save` of a 100 MB transcript
 * ≤ 100 MB peak (whole process tree).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { poll } from '../test/support/poll.ts';
import { packAndInstall, type PackedInstall } from '../test/support/packed-install.ts';
import { startFleet } from './fleet.ts';
import { idleAgent, promptingAgent, runtimeAt } from './scenarios.ts';
import { writeTranscript } from './snapshot.ts';
import { summarize, type Summary } from './stats.ts';
import { runMeasured, type TreeRun } from './tree-rss.ts';

/** Targets for the installed command. */
export const CLI_TARGETS = { helpP50Ms: 80, helpPeakMB: 60, queueP50Ms: 120, statusP50Ms: 800, snapshotPeakMB: 100 } as const;

/** One measured command: wall-time percentiles and the highest peak memory over its runs. */
export interface CliRow {
  readonly name: string;
  readonly wall: Summary;
  readonly peakMB: number;
  /**
   * p50 of a bare `node -e 0` run just before each of this command's runs: on a machine whose load
   * swings within seconds, the ratio to this is the figure that travels (the first row's block of
   * bare runs may have met a calmer or busier moment than the command's block).
   */
  readonly pairedBareP50?: number;
}

/** The phase's figures. */
export interface CliResult {
  readonly tarballKB: number;
  readonly rows: readonly CliRow[];
  readonly snapshotFileMB: number;
}

/** Sizes of one run. */
export interface CliPlan {
  readonly samples: number;
  readonly statusPanes: number;
  readonly snapshotMB: number;
  readonly snapshotRuns: number;
}

async function repeat(name: string, n: number, once: () => Promise<TreeRun>, bare?: () => Promise<TreeRun>): Promise<CliRow> {
  const runs: TreeRun[] = [];
  const bareMs: number[] = [];
  for (let i = 0; i < n; i++) {
    if (bare) bareMs.push((await bare()).ms);
    const r = await once();
    if (r.code !== 0) throw new Error(`${name} exited ${r.code}: ${r.stderr.slice(-500)}`);
    runs.push(r);
  }
  const row = { name, wall: summarize(runs.map((r) => r.ms)), peakMB: Math.max(...runs.map((r) => r.peakMB)) };
  const bareP50 = bare ? summarize(bareMs).p50 : null;
  return bareP50 === null ? row : { ...row, pairedBareP50: bareP50 };
}

/** Start the installed daemon on a private tmux socket; resolves once its API listens. */
async function startDaemon(pkg: PackedInstall, socket: string): Promise<() => Promise<void>> {
  const child = spawn(pkg.command, ['daemon', '--tmux-socket', socket], {
    env: pkg.env(),
    cwd: pkg.work,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await poll(() => out.includes('API on 127.0.0.1:'), 'the installed daemon listens', { timeoutMs: 60_000 });
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}

/** Run the phase. */
export async function runCliBench(plan: CliPlan): Promise<CliResult> {
  const pkg = packAndInstall('tb-bench-cli-');
  const run = (args: readonly string[], sampleMs = 0, command = pkg.command) =>
    runMeasured(command, args, { env: pkg.env(), cwd: pkg.work, sampleMs });
  const node = join(pkg.work, 'node-bin', 'node');
  const rows: CliRow[] = [];
  try {
    // Warm the file cache once, as a user's second command would find it.
    await run(['--help']);
    const bare = () => run(['-e', '0'], 0, node);
    rows.push(await repeat('node -e 0 (bare Node, same machine now)', plan.samples, bare));
    rows.push(await repeat('trailboss --help', plan.samples, () => run(['--help']), bare));

    const fleet = await startFleet(
      Array.from({ length: plan.statusPanes }, (_, i) => (i % 2 === 0 ? promptingAgent(runtimeAt(i)) : idleAgent(runtimeAt(i)))),
    );
    try {
      rows.push(
        await repeat(`trailboss status --json (one-shot scan, ${plan.statusPanes} panes)`, plan.samples, () =>
          run(['status', '--json', '--tmux-socket', fleet.socket], 25),
        ),
      );
      const stop = await startDaemon(pkg, fleet.socket);
      try {
        rows.push(await repeat('trailboss queue --json (running engine)', plan.samples, () => run(['queue', '--json']), bare));
      } finally {
        await stop();
      }
    } finally {
      await fleet.dispose();
    }

    const project = join(pkg.work, 'project');
    mkdirSync(project);
    const transcript = join(pkg.work, 'transcript.jsonl');
    const bytes = await writeTranscript(transcript, plan.snapshotMB);
    rows.push(
      await repeat(`trailboss snapshot save (${Math.round(bytes / 2 ** 20)} MB transcript)`, plan.snapshotRuns, () =>
        run(['snapshot', 'save', '--transcript', transcript, '--cwd', project], 25),
      ),
    );
    return { tarballKB: statSync(pkg.tarball).size / 1024, rows, snapshotFileMB: bytes / 2 ** 20 };
  } finally {
    rmSync(pkg.work, { recursive: true, force: true });
  }
}
