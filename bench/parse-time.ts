/**
 * Parse time per screen: every fixture screen of the given runtimes (test/fixtures/panes/<id> and the
 * peer screens of that runtime) classified many times; per screen the median time, then p50/p95 over
 * the screens. Pure CPU, no tmux. Usage: `npx tsx bench/parse-time.ts [runtime …]` (default: all).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runtimeById } from '../main/engine/runtimes/catalog.ts';
import { RUNTIME_IDS, type RuntimeId } from '../main/engine/runtimes/types.ts';
import { percentile } from './stats.ts';

const FIXTURES = join(import.meta.dirname, '../test/fixtures');
const RUNS = 300;

function screensOf(runtime: RuntimeId): string[] {
  const dir = join(FIXTURES, 'panes', runtime);
  const own = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.txt'))
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
  const index = readFileSync(join(FIXTURES, 'peer-screens/index.tsv'), 'utf8').trim().split('\n').slice(1);
  const peers = index
    .map((row) => row.split('\t'))
    .filter((cols) => cols[1] === runtime)
    .map((cols) => join(FIXTURES, 'peer-screens/screens', `${cols[0] ?? ''}.txt`));
  return [...own, ...peers];
}

/** Median microseconds of one classify call on one screen. */
function timeScreen(runtime: RuntimeId, path: string): number {
  const lines = readFileSync(path, 'utf8').replace(/\n$/, '').split('\n');
  const module = runtimeById(runtime);
  for (let i = 0; i < 20; i++) module.classify({ lines });
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    module.classify({ lines });
    samples.push((performance.now() - start) * 1000);
  }
  return percentile(samples, 50) ?? 0;
}

const asked = process.argv.slice(2);
const runtimes =
  asked.length > 0 ? asked.filter((id): id is RuntimeId => (RUNTIME_IDS as readonly string[]).includes(id)) : [...RUNTIME_IDS];
const all: number[] = [];
for (const runtime of runtimes) {
  const times = screensOf(runtime).map((path) => timeScreen(runtime, path));
  all.push(...times);
  const p50 = percentile(times, 50) ?? 0;
  const p95 = percentile(times, 95) ?? 0;
  console.log(`${runtime.padEnd(9)} screens ${String(times.length).padStart(3)}  p50 ${p50.toFixed(1)} µs  p95 ${p95.toFixed(1)} µs`);
}
console.log(
  `all       screens ${String(all.length).padStart(3)}  p50 ${(percentile(all, 50) ?? 0).toFixed(1)} µs  p95 ${(percentile(all, 95) ?? 0).toFixed(1)} µs`,
);
