import { describe, expect, it } from 'vitest';
import { summariseProfile } from '../../bench/cpu-profile-summary.ts';

const frame = (functionName: string) => ({ functionName, url: '', lineNumber: 0 });

describe('summariseProfile', () => {
  it('gives self and total time per function, recursion counted once, idle apart', () => {
    // root → a (1 hit) → b (2 hits) → a (3 hits); root → (idle) (4 hits)
    const profile = {
      startTime: 0,
      endTime: 1e6,
      nodes: [
        { id: 1, callFrame: frame('(root)'), hitCount: 0, children: [2, 5] },
        { id: 2, callFrame: frame('a'), hitCount: 1, children: [3] },
        { id: 3, callFrame: frame('b'), hitCount: 2, children: [4] },
        { id: 4, callFrame: frame('a'), hitCount: 3 },
        { id: 5, callFrame: frame('(idle)'), hitCount: 4 },
      ],
    };
    const { samples, idlePct, functions } = summariseProfile(profile);
    expect(samples).toBe(10);
    expect(idlePct).toBe(40);
    const byName = Object.fromEntries(functions.map((f) => [f.name, [f.selfPct, f.totalPct]]));
    expect(byName['a']).toEqual([40, 60]);
    expect(byName['b']).toEqual([20, 50]);
  });
});
