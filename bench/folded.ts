/**
 * The other engineers' benches, run as they are (child processes on the pinned Node under tsx)
 * and folded into this run's JSON: bench/tmux-capture.ts (capture cost per tick, control mode vs
 * batch vs process per capture) and bench/snapshot.ts (extraction throughput and peak RSS).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** What bench/tmux-capture.ts wrote to bench/results/tmux-capture.json. */
export interface TmuxCaptureResult {
  readonly load: string;
  readonly rows: readonly Record<string, unknown>[];
}

/** The JSON line bench/snapshot.ts prints last. */
export interface SnapshotResult {
  readonly fileMB: number;
  readonly medianMBps: number;
  readonly maxPeakRssMB: number;
  readonly pass: boolean;
  readonly [key: string]: unknown;
}

function runBench(script: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(`./${script}`, import.meta.url)), ...args], {
      cwd: REPO,
      env: { ...process.env, TMUX: undefined, TMUX_PANE: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Run bench/tmux-capture.ts for these pane counts and read its JSON. */
export async function runTmuxCaptureBench(panes: readonly number[]): Promise<TmuxCaptureResult> {
  const r = await runBench('tmux-capture.ts', panes.map(String));
  if (r.code !== 0) throw new Error(`bench/tmux-capture.ts exited ${r.code}: ${r.stderr.slice(-2000)}`);
  return JSON.parse(readFileSync(fileURLToPath(new URL('./results/tmux-capture.json', import.meta.url)), 'utf8')) as TmuxCaptureResult;
}

/** Run bench/snapshot.ts and parse its JSON line (exit 1 only means its target was missed). */
export async function runSnapshotBench(opts: { mb: number; runs: number }): Promise<SnapshotResult> {
  const r = await runBench('snapshot.ts', ['--mb', String(opts.mb), '--runs', String(opts.runs)]);
  const line = r.stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if ((r.code !== 0 && r.code !== 1) || !line) throw new Error(`bench/snapshot.ts exited ${r.code}: ${r.stderr.slice(-2000)}`);
  return JSON.parse(line) as SnapshotResult;
}
