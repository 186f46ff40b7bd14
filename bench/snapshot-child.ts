/**
 * One measured extraction for bench/snapshot.ts, run in a fresh process (bundled to plain JavaScript,
 * no TypeScript loader in memory), so its peak RSS is the extraction's own. Prints JSON.
 *
 *   node <bundled snapshot-child.mjs> <transcript.jsonl> [extract|baseline]
 */
import { snapshotText } from '../main/engine/snapshot/extract.ts';
import { parseTranscriptFile } from '../main/engine/snapshot/parse-transcript.ts';

const [file, mode = 'extract'] = process.argv.slice(2);
const start = performance.now();
const cpuStart = process.cpuUsage();
let kept = 0;
if (mode === 'extract') {
  const parsed = await parseTranscriptFile(file!, 200);
  const text = snapshotText(parsed, { agent: 'claude', reason: 'external', savedAt: 0, maxLines: 200, hints: null });
  if (!text.includes('=== USER ===')) throw new Error('no conversation extracted');
  kept = parsed.stats.prompts + parsed.stats.replies;
}
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
// CPU time as well: on a shared, loaded machine wall time mostly measures the wait for a core.
process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRssKB: process.resourceUsage().maxRSS, kept }));
