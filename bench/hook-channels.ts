/**
 * `tsx bench/hook-channels.ts [--agents N] [--seconds S] [--runtime R]…`: event → queue item for every
 * runtime with its own event channel (Claude Code, Codex, Gemini CLI, Qwen Code, Copilot CLI hooks, the opencode plugin), through the
 * real engine with looping scripted panes: direct POST → `item:added` and forwarder started (opencode:
 * event handed to the installed plugin in its running host) → `item:added`, p50/p95/max per runtime
 * against the 100 ms target. Runnable alone; `npm run bench -- --only hooks` runs it too.
 */
import { runHookFusion } from './hook-fusion.ts';
import type { HookRuntime } from './hook-post.ts';
import { TARGETS } from './targets.ts';

const ALL: readonly HookRuntime[] = ['claude', 'codex', 'opencode', 'gemini', 'qwen', 'copilot'];
/** `--runtime opencode` (repeatable) measures only those. */
const RUNTIMES: readonly HookRuntime[] = (() => {
  const picked = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--runtime' ? [a] : []));
  return picked.length > 0 ? ALL.filter((r) => picked.includes(r)) : ALL;
})();

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? '-' : x.toFixed(1));

const agents = arg('agents', 3);
const windowMs = arg('seconds', 30) * 1000;
let failed = false;
for (const runtime of RUNTIMES) {
  const r = await runHookFusion({ agents, windowMs, runtime });
  if (!r.wired) {
    console.log(`${runtime}: hooks not accepted (HTTP ${r.probeStatus})`);
    failed = true;
    continue;
  }
  for (const [path, s] of [
    ['POST → item:added', r.postToItem],
    [runtime === 'opencode' ? 'plugin → item:added' : 'forwarder → item:added', r.forwarderToItem],
  ] as const) {
    const ok = s !== null && s.p95 !== null && s.p95 <= TARGETS.hookToItemP95Ms;
    if (path.startsWith('POST') && !ok) failed = true;
    console.log(
      `${runtime.padEnd(7)} ${path.padEnd(24)} n=${s?.n ?? 0} p50=${fmt(s?.p50)} ms p95=${fmt(s?.p95)} ms max=${fmt(s?.max)} ms${path.startsWith('POST') ? ` (target p95 ≤ ${TARGETS.hookToItemP95Ms} ms: ${ok ? 'ok' : 'MISSED'})` : ''}`,
    );
  }
  if (r.missed > 0) console.log(`${runtime}: ${r.missed} hooks without an item`);
}
process.exit(failed ? 1 : 0);
