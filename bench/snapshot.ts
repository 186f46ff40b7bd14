/**
 * Snapshot benchmark: extraction throughput and peak RSS on a generated 100 MB Claude transcript.
 * Targets: ≥ 50 MB/s and ≤ 100 MB peak RSS. Each run happens in a fresh child process so
 * its peak RSS (getrusage maxrss) is the extraction's alone (bench/snapshot-child.ts, bundled to plain
 * JavaScript). Prints a table and a JSON line.
 *
 *   node --import tsx bench/snapshot.ts [--mb 100] [--runs 3] [--mix tools|text]
 *
 * Pass/fail is on wall time. CPU time is reported beside it: on a shared machine under load, wall
 * time mostly measures the wait for a core.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transcriptLines, type Expected } from '../test/engine/snapshot/support/transcript-gen.ts';

/** Snapshot extraction must keep up with a large transcript without holding it in memory. */
export const TARGETS = { minMBps: 50, maxRssMB: 100 } as const;

/** One benchmark's outcome. */
export interface SnapshotBenchResult {
  readonly name: 'snapshot';
  readonly fileMB: number;
  readonly mix: TranscriptMix;
  /** Per run: wall time and MB/s, CPU time and MB/s per CPU second (what a free core would do), peak RSS. */
  readonly runs: readonly { ms: number; mbps: number; cpuMs: number; cpuMBps: number; peakRssMB: number }[];
  readonly medianMBps: number;
  readonly maxPeakRssMB: number;
  readonly baselineRssMB: number;
  readonly pass: boolean;
}

/**
 * `tools`: like a real coding session, most bytes are tool results (skipped unparsed).
 * `text`: the worst case, most bytes are prompts and answers that must all be parsed and kept.
 */
export type TranscriptMix = 'tools' | 'text';

/** Write a generated transcript of at least `mb` MB (streamed: the generator never holds it all). */
export async function writeTranscript(file: string, mb: number, mix: TranscriptMix = 'tools'): Promise<number> {
  const shape = mix === 'tools' ? { toolResultBytes: 6000, maxTextLines: 12 } : { toolResultBytes: 50, maxTextLines: 60 };
  const out = createWriteStream(file);
  const expected: Expected = { messages: [], usage: null, malformed: 0 };
  let bytes = 0;
  let seed = 1;
  while (bytes < mb * 1024 * 1024) {
    // Many sessions' worth of turns; expected messages are not needed here, so drop them as we go.
    for (const line of transcriptLines({ seed: seed++, turns: 200, ...shape }, expected)) {
      const chunk = `${line}\n`;
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    expected.messages.length = 0;
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return statSync(file).size;
}

/**
 * Bundle the child to plain JavaScript first: under tsx (or Node's own type stripping) the loader's
 * transpiler would sit in the measured process and dominate its RSS (~35 MB of the budget).
 */
async function bundleChild(dir: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(dir, 'snapshot-child.mjs');
  const entry = fileURLToPath(new URL('./snapshot-child.ts', import.meta.url));
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node24', logLevel: 'error' });
  return outfile;
}

function runChild(childScript: string, file: string, mode: 'extract' | 'baseline'): { ms: number; cpuMs: number; peakRssKB: number } {
  const r = spawnSync(process.execPath, [childScript, file, mode], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench child failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { ms: number; cpuMs: number; peakRssKB: number };
}

/** Run the benchmark: generate, then `runs` extractions in fresh processes. */
export async function runSnapshotBench(opts: { mb?: number; runs?: number; mix?: TranscriptMix } = {}): Promise<SnapshotBenchResult> {
  const mix = opts.mix ?? 'tools';
  const dir = mkdtempSync(join(tmpdir(), 'tb-bench-snapshot-'));
  try {
    const file = join(dir, 'transcript.jsonl');
    const size = await writeTranscript(file, opts.mb ?? 100, mix);
    const fileMB = size / (1024 * 1024);
    const child = await bundleChild(dir);
    const baseline = runChild(child, file, 'baseline');
    const runs = Array.from({ length: opts.runs ?? 3 }, () => {
      const r = runChild(child, file, 'extract');
      return { ms: r.ms, mbps: fileMB / (r.ms / 1000), cpuMs: r.cpuMs, cpuMBps: fileMB / (r.cpuMs / 1000), peakRssMB: r.peakRssKB / 1024 };
    });
    const sorted = runs.map((r) => r.mbps).sort((a, b) => a - b);
    const medianMBps = sorted[Math.floor(sorted.length / 2)]!;
    const maxPeakRssMB = Math.max(...runs.map((r) => r.peakRssMB));
    return {
      name: 'snapshot',
      fileMB,
      mix,
      runs,
      medianMBps,
      maxPeakRssMB,
      baselineRssMB: baseline.peakRssKB / 1024,
      pass: medianMBps >= TARGETS.minMBps && maxPeakRssMB <= TARGETS.maxRssMB,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The table a human reads. */
export function formatTable(r: SnapshotBenchResult): string {
  const rows = r.runs.map(
    (x, i) =>
      `  run ${i + 1}   ${x.ms.toFixed(0).padStart(7)} ms wall ${x.mbps.toFixed(1).padStart(7)} MB/s   ${x.cpuMs.toFixed(0).padStart(7)} ms CPU ${x.cpuMBps.toFixed(1).padStart(7)} MB/s   ${x.peakRssMB.toFixed(1).padStart(6)} MB peak RSS`,
  );
  return [
    `snapshot extraction on a ${r.fileMB.toFixed(1)} MB transcript, ${r.mix === 'tools' ? 'tool-output heavy (like a real session)' : 'text heavy (worst case)'} (child-process baseline RSS ${r.baselineRssMB.toFixed(1)} MB)`,
    ...rows,
    `  median ${r.medianMBps.toFixed(1)} MB/s (target ≥ ${TARGETS.minMBps}), max peak RSS ${r.maxPeakRssMB.toFixed(1)} MB (target ≤ ${TARGETS.maxRssMB})  ${r.pass ? 'PASS' : 'FAIL'}`,
  ].join('\n');
}

const argv = process.argv.slice(2);
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const num = (name: string) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : undefined);
  const mix = argv.includes('--mix') ? argv[argv.indexOf('--mix') + 1] : 'tools';
  if (mix !== 'tools' && mix !== 'text') throw new Error('--mix must be tools or text');
  const result = await runSnapshotBench({ mb: num('--mb'), runs: num('--runs'), mix });
  process.stdout.write(`${formatTable(result)}\n${JSON.stringify(result)}\n`);
  process.exitCode = result.pass ? 0 : 1;
}
