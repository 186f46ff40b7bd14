/**
 * Smoke test of the remote phase at its smallest size, end to end: real OpenSSH on loopback, twin host
 * sets of one host each, the two observe modes side by side for two rounds, then twin A as a local server.
 */
import { describe, expect, it } from 'vitest';
import { runRemote } from '../../bench/remote.ts';
import { remoteModeComparison } from '../../bench/remote-modes.ts';

describe('bench: remote phase', () => {
  it('runs events and poll side by side on twin host sets, swapping twins each round, each engine judged by its own twin', async () => {
    const r = await runRemote({ hosts: 1, panesPerHost: 2, loopingPerHost: 1, windowMs: 6000, warmupMs: 3000, periodMs: 3000, rounds: 2 });
    expect(r.rows.map((row) => [row.mode, row.observe, row.round, row.twin])).toEqual([
      ['ssh', 'events', 1, 'A'],
      ['ssh', 'poll', 1, 'B'],
      ['ssh', 'events', 2, 'B'],
      ['ssh', 'poll', 2, 'A'],
      ['local', 'events', undefined, 'A'],
    ]);
    for (const row of r.rows) {
      // Each engine's items are matched to its own twin's agents (distinct host names keep pane keys apart).
      expect(row.detection.n).toBeGreaterThan(0);
      // Only the single-use key ever reached an agent.
      expect(Object.keys(row.keysReceived).every((k) => k === '1')).toBe(true);
      expect(row.enginePct).toBeGreaterThan(0);
    }
    for (const row of r.rows.filter((x) => x.mode === 'ssh')) expect(row.sshPerHost).toBe(1);
    // The two engines of a round shared the machine at the same moment.
    expect(r.rows[0]!.load).toBe(r.rows[1]!.load);
    const m = remoteModeComparison(r)!;
    expect(m.perRound.map((x) => x.eventsOn)).toEqual(['A', 'B']);
    expect(m.localRatio).toBeGreaterThan(0);
  }, 240_000);
});
