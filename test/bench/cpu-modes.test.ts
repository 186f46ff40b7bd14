/** The CPU bench's plan of windows (twin fleets for the two engine modes) and its comparison of the modes. */
import { describe, expect, it } from 'vitest';
import type { CpuResult, CpuRow } from '../../bench/cpu-modes.ts';
import { cpuWindows, modeComparison } from '../../bench/cpu-modes.ts';
import type { Twin } from '../../bench/paired.ts';
import { twinsInRound } from '../../bench/paired.ts';

function row(watcher: CpuRow['watcher'], round: number, fleet: Twin, watcherPct: number, serverPct: number): CpuRow {
  return {
    panes: 200,
    watcher,
    round,
    fleet,
    load: round,
    windowMs: 15_000,
    processPct: watcherPct,
    clientsPct: 0,
    watcherPct,
    serverExtraPct: serverPct - 36,
    serverPct,
    totalPct: watcherPct + serverPct - 36,
    ticksPerS: null,
    capturesPerS: null,
  };
}

describe('CPU bench: the engine modes side by side on twin fleets', () => {
  it('puts events on twin A in odd rounds and on twin B in even ones, poll always on the other', () => {
    expect([1, 2, 3, 4].map(twinsInRound)).toEqual([
      { events: 'A', poll: 'B' },
      { events: 'B', poll: 'A' },
      { events: 'A', poll: 'B' },
      { events: 'B', poll: 'A' },
    ]);
  });

  it('runs both modes in one window per round on twins, then every other watcher alone on twin A', () => {
    const plan = cpuWindows(['engine', 'engine-poll', 'observer-control', 'observer-per-process'], 3);
    expect(plan.twins).toBe(true);
    expect(plan.windows).toEqual([
      [
        { watcher: 'engine', round: 1, fleet: 'A' },
        { watcher: 'engine-poll', round: 1, fleet: 'B' },
      ],
      [
        { watcher: 'engine', round: 2, fleet: 'B' },
        { watcher: 'engine-poll', round: 2, fleet: 'A' },
      ],
      [
        { watcher: 'engine', round: 3, fleet: 'A' },
        { watcher: 'engine-poll', round: 3, fleet: 'B' },
      ],
      [{ watcher: 'observer-control', fleet: 'A' }],
      [{ watcher: 'observer-per-process', fleet: 'A' }],
    ]);
  });

  it('keeps one fleet when only one mode (or none) is asked for', () => {
    expect(cpuWindows(['engine', 'observer-control'], 2)).toEqual({
      twins: false,
      windows: [[{ watcher: 'engine' }], [{ watcher: 'engine' }], [{ watcher: 'observer-control' }]],
    });
    expect(cpuWindows(['observer-per-process'], 3)).toEqual({ twins: false, windows: [[{ watcher: 'observer-per-process' }]] });
  });

  it('compares the modes by the median of the rounds’ paired ratios, not by the ratio of window medians', () => {
    // The machine swings between rounds (server 40 → 50 → 36 % of a core) but both modes of a round share it.
    const result: CpuResult = {
      panes: 200,
      mix: { idle: 140, working: 40, prompting: 20 },
      serverIdlePct: 36,
      twinIdlePct: { A: 36, B: 36.3 },
      rows: [
        row('engine', 1, 'A', 2, 40),
        row('engine-poll', 1, 'B', 2.2, 40.4),
        row('engine', 2, 'B', 2.1, 50),
        row('engine-poll', 2, 'A', 2, 49),
        row('engine', 3, 'A', 1.9, 36),
        row('engine-poll', 3, 'B', 2.1, 36.2),
      ],
    };
    const m = modeComparison(result)!;
    expect(m.rounds).toBe(3);
    expect(m.perRound.map((r) => [r.round, r.eventsOn, r.load])).toEqual([
      [1, 'A', 1],
      [2, 'B', 2],
      [3, 'A', 3],
    ]);
    const paired = [42 / 42.6, 52.1 / 51, 37.9 / 38.3];
    m.perRound.forEach((r, i) => expect(r.withServer).toBeCloseTo(paired[i]!, 9));
    // Medians of the paired ratios (0.986, 1.022, 0.990 and 0.909, 1.05, 0.905); the ratios of the
    // window medians would be 42 / 42.6 = 0.986 and 2 / 2.1 = 0.952, mixing rounds of different load.
    expect(m.withServerRatio).toBeCloseTo(37.9 / 38.3, 9);
    expect(m.watcherRatio).toBeCloseTo(2 / 2.2, 9);
    // The medians of the values stay in the result for the report.
    expect([m.eventsWatcherPct, m.pollWatcherPct]).toEqual([2, 2.1]);
    expect(m.eventsWithServerPct).toBeCloseTo(42, 9);
    expect(m.pollWithServerPct).toBeCloseTo(42.6, 9);
  });

  it('has nothing to compare without both modes', () => {
    const result: CpuResult = { panes: 50, mix: { idle: 50 }, serverIdlePct: 10, rows: [row('engine', 1, 'A', 1, 11)] };
    expect(modeComparison(result)).toBeNull();
  });
});
