/** Smoke tests of the CPU bench at its smallest size: four agent panes, on one fleet and on twin fleets. */
import { describe, expect, it } from 'vitest';
import { runCpu } from '../../bench/cpu.ts';

describe('bench: CPU of watching', () => {
  it('measures a watcher process over a fleet of idle, working and prompting agents', async () => {
    const r = await runCpu({ panes: 4, windowMs: 2000, idleWindowMs: 500, warmupMs: 2000, watchers: ['observer-per-process'] });
    expect(r.mix).toEqual({ idle: 3, working: 1 });
    expect(r.rows).toHaveLength(1);
    const row = r.rows[0]!;
    expect(row.watcher).toBe('observer-per-process');
    expect(row.windowMs).toBeGreaterThanOrEqual(2000);
    // Spawning a capture process per tick for the working pane costs the watcher something.
    expect(row.watcherPct).toBeGreaterThan(0);
    expect(row.totalPct).toBeCloseTo(row.processPct + row.clientsPct + row.serverExtraPct, 6);
  }, 60_000);

  it("runs the engine's two modes side by side on twin fleets, then the other watchers on twin A", async () => {
    const r = await runCpu({
      panes: 4,
      windowMs: 2000,
      idleWindowMs: 500,
      warmupMs: 2000,
      rounds: 2,
      watchers: ['engine', 'engine-poll', 'observer-control'],
    });
    expect(r.twinIdlePct).toEqual({ A: r.serverIdlePct, B: expect.any(Number) });
    expect(r.rows.map((row) => [row.watcher, row.round, row.fleet])).toEqual([
      ['engine', 1, 'A'],
      ['engine-poll', 1, 'B'],
      ['engine', 2, 'B'],
      ['engine-poll', 2, 'A'],
      ['observer-control', undefined, 'A'],
    ]);
    // The two modes of a round shared one window: the same counters' instants.
    expect(r.rows[0]!.windowMs).toBe(r.rows[1]!.windowMs);
    expect(r.rows[2]!.windowMs).toBe(r.rows[3]!.windowMs);
    for (const row of r.rows) {
      expect(row.windowMs).toBeGreaterThanOrEqual(2000);
      // Each row's server figure is its own twin's, less that twin's idle rate.
      expect(row.serverExtraPct).toBeCloseTo(row.serverPct! - r.twinIdlePct![row.fleet!], 9);
    }
  }, 120_000);
});
