/** Crash plans: reproducible from the seed, and every kind of kill within KILL_KINDS consecutive seeds. */
import { describe, expect, it } from 'vitest';
import type { KillPoint } from './support/run-plan.ts';
import { KILL_KINDS, planRun } from './support/run-plan.ts';

const kindOf = (k: KillPoint): string => (k.kind === 'failpoint' ? `${k.spec.point}${k.spec.delayMs > 0 ? '+delay' : ''}` : k.kind);

describe('crash run plans', () => {
  it('the same seed gives the same plan', () => {
    expect(planRun(42)).toEqual(planRun(42));
    expect(planRun(42)).not.toEqual(planRun(43));
  });

  it('any KILL_KINDS consecutive seeds start with every kind of kill once', () => {
    for (const first of [1, 37]) {
      const kinds = Array.from({ length: KILL_KINDS }, (_, i) => kindOf(planRun(first + i).kills[0]!));
      expect(new Set(kinds).size).toBe(KILL_KINDS);
    }
  });

  it('a run killed after a reminder waits for one before its first answers', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const plan = planRun(seed);
      if (!plan.kills.some((k) => k.kind === 'after-reminder')) continue;
      for (const agent of plan.agents) expect(agent.waitSteps[0]).toBeGreaterThanOrEqual(1);
    }
  });

  it('every agent answers at least once, and plans at most two kills', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const plan = planRun(seed);
      expect(plan.kills.length).toBeGreaterThanOrEqual(1);
      expect(plan.kills.length).toBeLessThanOrEqual(2);
      for (const agent of plan.agents) expect(agent.answers).toBeGreaterThanOrEqual(1);
    }
  });
});
