/**
 * `npx tsx bench/parse-time.ts`: parse time per screen over every pane fixture (test/fixtures/panes) and
 * every peer screen (test/fixtures/peer-screens), through the catalog's classify as the observer calls it.
 * Each screen is parsed `ROUNDS` times after a warm-up; its time is the median; the report gives p50/p95
 * over the screens (µs). Not part of `npm run bench`: a quick before/after figure for parser changes.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { RUNTIMES } from '../main/engine/runtimes/catalog.ts';
import type { PaneCapture, RuntimeModule } from '../main/engine/runtimes/types.ts';

const ROOT = join(import.meta.dirname, '..', 'test', 'fixtures');
const ROUNDS = Number(process.env.ROUNDS ?? 40);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function lines(text: string): string[] {
  return text.replace(/\n$/, '').split('\n');
}

function screens(): { runtime: RuntimeModule; capture: PaneCapture }[] {
  const out: { runtime: RuntimeModule; capture: PaneCapture }[] = [];
  for (const runtime of RUNTIMES) {
    const dir = join(ROOT, 'panes', runtime.id);
    if (!existsSync(dir)) continue;
    for (const txt of walk(dir).filter((p) => p.endsWith('.txt'))) {
      const ansi = txt.replace(/\.txt$/, '.ansi');
      const capture = existsSync(ansi)
        ? { lines: lines(readFileSync(txt, 'utf8')), ansiLines: lines(readFileSync(ansi, 'utf8')) }
        : { lines: lines(readFileSync(txt, 'utf8')) };
      out.push({ runtime, capture });
    }
  }
  const peers = join(ROOT, 'peer-screens', 'screens');
  for (const txt of existsSync(peers) ? readdirSync(peers) : []) {
    const runtime = RUNTIMES.find((r) => basename(txt).startsWith(`${r.id}-`));
    if (runtime) out.push({ runtime, capture: { lines: lines(readFileSync(join(peers, txt), 'utf8')) } });
  }
  return out;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const all = screens();
const perScreen = all.map(({ runtime, capture }) => {
  for (let i = 0; i < 5; i++) runtime.classify(capture);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    runtime.classify(capture);
    times.push(performance.now() - t);
  }
  return (
    quantile(
      times.sort((a, b) => a - b),
      0.5,
    ) * 1000
  );
});
perScreen.sort((a, b) => a - b);
console.log(
  `${all.length} screens, ${ROUNDS} rounds each: p50 ${quantile(perScreen, 0.5).toFixed(1)} µs, p95 ${quantile(perScreen, 0.95).toFixed(1)} µs, max ${perScreen[perScreen.length - 1]?.toFixed(1)} µs`,
);
