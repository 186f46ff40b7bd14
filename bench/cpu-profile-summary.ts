/**
 * Summarise V8 `.cpuprofile` files (from `BENCH_CPU_PROF=<dir>`): the functions with the most self
 * time and the most total (inclusive) time, as % of the sampled time, one table each.
 *
 *   node --import tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top]
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { textTable } from './text-table.ts';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly hitCount?: number;
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
}

/** One function's share of the profile. */
export interface FunctionCost {
  readonly name: string;
  readonly selfPct: number;
  readonly totalPct: number;
}

const REPO = fileURLToPath(new URL('..', import.meta.url));

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.startsWith('file://') ? relative(REPO, fileURLToPath(url)) : url;
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
}

/** Self and total time per function (by name + location), largest self first. Pure. */
export function summariseProfile(profile: Profile): { samples: number; idlePct: number; functions: FunctionCost[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const total = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0) || 1;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  // Inclusive time counts a function once per stack even when it recurses.
  const walk = (node: ProfileNode, onStack: ReadonlySet<string>): number => {
    const name = label(node);
    let hits = node.hitCount ?? 0;
    self.set(name, (self.get(name) ?? 0) + hits);
    const stack = new Set(onStack).add(name);
    for (const child of node.children ?? []) {
      const c = byId.get(child);
      if (c) hits += walk(c, stack);
    }
    if (!onStack.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + hits);
    return hits;
  };
  const root = profile.nodes[0];
  if (root) walk(root, new Set());
  const idle = [...self].filter(([name]) => name.startsWith('(idle)')).reduce((sum, [, hits]) => sum + hits, 0);
  const functions = [...self.keys()]
    .map((name) => ({ name, selfPct: (100 * (self.get(name) ?? 0)) / total, totalPct: (100 * (inclusive.get(name) ?? 0)) / total }))
    .sort((a, b) => b.selfPct - a.selfPct);
  return { samples: total, idlePct: (100 * idle) / total, functions };
}

const round = (n: number): number => Number(n.toFixed(1));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, topArg] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node --import tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top]\n');
    process.exit(2);
  }
  const top = Number(topArg ?? 30);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const { samples, idlePct, functions } = summariseProfile(profile);
  const busy = 100 - idlePct;
  process.stdout.write(`${samples} samples over ${round((profile.endTime - profile.startTime) / 1e6)} s; idle ${round(idlePct)} %\n\n`);
  const rows = (list: FunctionCost[]) =>
    list.slice(0, top).map((f) => [round(f.selfPct), round(f.totalPct), round((100 * f.selfPct) / busy), f.name]);
  process.stdout.write('Top self time (% of samples; "of busy" excludes idle)\n');
  process.stdout.write(`${textTable(['self %', 'total %', 'self % of busy', 'function'], rows(functions))}\n\n`);
  process.stdout.write('Top total time\n');
  const byTotal = [...functions].filter((f) => !f.name.startsWith('(')).sort((a, b) => b.totalPct - a.totalPct);
  process.stdout.write(`${textTable(['self %', 'total %', 'self % of busy', 'function'], rows(byTotal))}\n`);
}
