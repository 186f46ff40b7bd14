/**
 * The crash test: `trailboss daemon` is killed with SIGKILL at seeded random points across
 * detect → remind → approve — anywhere, or exactly before the claim, after the claim, after the
 * audit row, after the key left, mid-resolve — restarted, and driven through the CLI until the agents'
 * prompts are answered. Each run then checks: no item lost, no key twice, no key to a changed
 * prompt, every key audited, the killed daemon's files did not block the restart, reminders caught
 * up at most once. See docs/crash-test.md.
 *
 * TB_CRASH_RUNS (default 10, one per kind of kill: 5–30 s each on the shared CI machine), TB_CRASH_SEED (first seed,
 * default 1; run i uses seed + i), TB_CRASH_SEEDS (a list, e.g. 8,19: replay those), TB_CRASH_REPORT (write the summary as JSON to this file),
 * TB_CRASH_VERBOSE=1 (print every run's timeline, not only a failed one's; 2 adds records and daemon logs).
 */
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { CrashRunResult } from './support/crash-run.ts';
import { runCrash } from './support/crash-run.ts';
import { KILL_KINDS, describeKill, planRun } from './support/run-plan.ts';
import { summarize } from './support/summary.ts';

/** One run per kind of kill: seeds 1–10 each start with a different kind (about 2 min, 4 under load). */
const DEFAULT_RUNS = KILL_KINDS;
const RUNS = Number(process.env.TB_CRASH_RUNS ?? DEFAULT_RUNS);
const FIRST_SEED = Number(process.env.TB_CRASH_SEED ?? 1);
/** TB_CRASH_SEEDS=8,19 replays exactly those runs. */
const SEEDS = process.env.TB_CRASH_SEEDS
  ? process.env.TB_CRASH_SEEDS.split(',').map(Number)
  : Array.from({ length: RUNS }, (_, i) => FIRST_SEED + i);

describe('crash test: kill -9 the daemon across detect → remind → approve', () => {
  const results: CrashRunResult[] = [];
  afterAll(() => {
    const summary = summarize(results);
    console.log(summary.text);
    if (process.env.TB_CRASH_REPORT) writeFileSync(process.env.TB_CRASH_REPORT, JSON.stringify(summary.json, null, 2));
  });

  for (const seed of SEEDS) {
    const plan = planRun(seed);
    it(
      `seed ${plan.seed}: ${plan.kills.map(describeKill).join(', then ')}; ${plan.agents.map((a) => a.runtime).join('+')}`,
      { timeout: 180_000 },
      async () => {
        const result = await runCrash(plan);
        results.push(result);
        if (process.env.TB_CRASH_VERBOSE) console.log(`seed ${plan.seed}:\n${result.timeline.join('\n')}`);
        expect(result.violations, `seed ${plan.seed} timeline:\n${result.timeline.join('\n')}`).toEqual([]);
      },
    );
  }
});
