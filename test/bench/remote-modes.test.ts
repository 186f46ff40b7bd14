/** The remote phase's comparison of the two observe modes over ssh, side by side on twin host sets (pure: no ssh here). */
import { describe, expect, it } from 'vitest';
import type { RemoteRow } from '../../bench/remote-modes.ts';
import { remoteModeComparison } from '../../bench/remote-modes.ts';
import { summarize } from '../../bench/stats.ts';

const many = (n: number, from = 100) => summarize(Array.from({ length: n }, (_, i) => from + i));

function row(
  observe: 'events' | 'poll',
  round: number,
  twin: 'A' | 'B',
  enginePct: number,
  prompts: number,
  serversPct: number,
): RemoteRow {
  return {
    mode: 'ssh',
    observe,
    detection: many(prompts, observe === 'events' ? 200 : 1000),
    missed: 0,
    approve: summarize([3, 4]),
    approveOutcomes: { confirmed: prompts },
    keysReceived: { '1': prompts },
    enginePct,
    sshPct: 0.5,
    sshPerHost: 1,
    serversPct,
    round,
    twin,
    load: round + 0.5,
  };
}

const remote = (rows: RemoteRow[]) => ({ hosts: 4, panesPerHost: 50, loopingPerHost: 10, windowMs: 32_000, rows });

describe('remote bench: the observe modes side by side on twin host sets', () => {
  it('judges events ÷ poll by the median of the rounds’ paired ratios, not by the ratio of the medians', () => {
    // The machine swings between rounds (engines 2 → 5.5 → 1.5 → 3.5 % of a core) but both modes of a round share it.
    const rows = [
      row('events', 1, 'A', 1.5, 320, 10),
      row('poll', 1, 'B', 2, 300, 11),
      row('events', 2, 'B', 5.5, 320, 20),
      row('poll', 2, 'A', 5, 320, 19),
      row('events', 3, 'A', 1, 320, 8),
      row('poll', 3, 'B', 1.5, 320, 8),
      row('events', 4, 'B', 3, 320, 14),
      row('poll', 4, 'A', 3.5, 320, 15),
      { ...row('events', 0, 'A', 1, 320, 7), mode: 'local' as const, round: undefined },
    ];
    const m = remoteModeComparison(remote(rows))!;
    expect(m.rounds).toBe(4);
    expect(m.perRound.map((r) => [r.round, r.eventsOn, r.load])).toEqual([
      [1, 'A', 1.5],
      [2, 'B', 2.5],
      [3, 'A', 3.5],
      [4, 'B', 4.5],
    ]);
    // Engine + ssh of each round: 2 / 2.5, 6 / 5.5, 1.5 / 2, 3.5 / 4.
    const local = [0.8, 6 / 5.5, 0.75, 0.875];
    m.perRound.forEach((r, i) => expect(r.local).toBeCloseTo(local[i]!, 9));
    expect(m.localRatio).toBeCloseTo((0.8 + 0.875) / 2, 9);
    // The ratio of the medians mixes rounds of different load: (2 + 3.5) / 2 ÷ (2.5 + 4) / 2 = 0.846.
    expect(m.localRatio).not.toBeCloseTo(5.5 / 6.5, 3);
    // Per prompt detected: round 1's poll detected fewer prompts (300), so its ratio is 0.8 × 300 / 320;
    // the rounds' 0.75, 1.091, 0.75, 0.875 have the median 0.8125.
    expect(m.perRound[0]!.perPrompt).toBeCloseTo(0.75, 9);
    expect(m.perPromptRatio).toBeCloseTo((0.75 + 0.875) / 2, 9);
    // The hosts' tmux servers, each engine's own twin's: 10/11, 20/19, 1, 14/15; the middle two are 14/15 and 1.
    expect(m.serversRatio).toBeCloseTo((14 / 15 + 1) / 2, 9);
    expect([m.eventsLocalPct, m.pollLocalPct]).toEqual([2.75, 3.25]);
    // Detection p95 of each mode: the median of its rounds' (the local row is not a round).
    expect(m.eventsDetectionP95).toBe(503);
    expect(m.pollDetectionP95).toBe(1303);
    expect([m.eventsMissed, m.pollMissed]).toEqual([0, 0]);
  });

  it('counts the prompts each mode missed over all its rounds, and pairs rounds with a failed half as no ratio', () => {
    const rows = [
      { ...row('events', 1, 'A', 2, 320, 10), missed: 1 },
      { ...row('poll', 1, 'B', 2, 320, 10), missed: 2 },
      { ...row('events', 2, 'B', 2, 320, 10), missed: 3 },
    ];
    const m = remoteModeComparison(remote(rows))!;
    expect([m.eventsMissed, m.pollMissed]).toEqual([4, 2]);
    expect(m.perRound.map((r) => r.local)).toEqual([1, null]);
    expect(m.localRatio).toBe(1);
  });

  it('pairs rounds from before twins (ABBA on one host set) too, with no twin named', () => {
    const { twin: _a, ...e } = row('events', 1, 'A', 2, 320, 10);
    const { twin: _b, ...p } = row('poll', 1, 'A', 4, 320, 10);
    const m = remoteModeComparison(remote([p, e]))!;
    expect(m.perRound).toMatchObject([{ round: 1, eventsOn: null, local: 2.5 / 4.5 }]);
  });

  it('has nothing to compare without both modes', () => {
    expect(remoteModeComparison(remote([row('events', 1, 'A', 2, 320, 10)]))).toBeNull();
  });
});
