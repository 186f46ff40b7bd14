/**
 * The crash test with a remote host: the agents run behind a private sshd on loopback and the daemon
 * reaches them only over ssh. `trailboss daemon` is killed with SIGKILL with a remote approve in
 * flight (before the claim, after the audit row, after the key left, …), restarted, and driven to the
 * end; the same checks hold: at most one key per prompt, no key to a changed prompt, every key audited.
 *
 * TB_CRASH_REMOTE_RUNS (default 3), TB_CRASH_SEED (first seed, default 1), TB_CRASH_VERBOSE=1.
 */
import { describe, expect, it } from 'vitest';
import { runCrash } from './support/crash-run.ts';
import { describeKill, planRun } from './support/run-plan.ts';

const RUNS = Number(process.env.TB_CRASH_REMOTE_RUNS ?? 3);
const FIRST_SEED = Number(process.env.TB_CRASH_SEED ?? 1);

describe('crash test over ssh: kill -9 the daemon with remote approves in flight', () => {
  for (let i = 0; i < RUNS; i++) {
    const plan = planRun(FIRST_SEED + i);
    it(
      `seed ${plan.seed} (remote): ${plan.kills.map(describeKill).join(', then ')}; ${plan.agents.map((a) => a.runtime).join('+')}`,
      { timeout: 180_000 },
      async () => {
        const result = await runCrash(plan, { remote: true });
        if (process.env.TB_CRASH_VERBOSE) console.log(`seed ${plan.seed}:\n${result.timeline.join('\n')}`);
        expect(result.violations, `seed ${plan.seed} timeline:\n${result.timeline.join('\n')}`).toEqual([]);
        expect(result.counts.keys).toBeGreaterThan(0);
      },
    );
  }
});
