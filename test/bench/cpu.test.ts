/** Smoke test of the CPU bench at its smallest size: four agent panes, the per-process baseline observer. */
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
});
