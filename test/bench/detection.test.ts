/**
 * Smoke test of the detection/approve bench at its smallest sizes: one looping Claude agent, then one
 * agent of each of the nine runtimes, the real engine in a child process.
 */
import { describe, expect, it } from 'vitest';
import { runDetection } from '../../bench/detection.ts';
import { RUNTIME_IDS } from '../../main/engine/runtimes/types.ts';

describe('bench: detection and approve latency', () => {
  it('times prompts to queue items and approvals to the key the agent received, sending only the single-use key', async () => {
    const r = await runDetection({ agents: 1, windowMs: 5000, warmupMs: 1500 });
    expect(r.detection.n).toBeGreaterThanOrEqual(1);
    expect(r.missed).toBe(0);
    // A tick is 1 s: a prompt cannot be queued before it is drawn, nor many seconds after.
    expect(r.detection.p50).toBeGreaterThan(0);
    expect(r.detection.max).toBeLessThan(5000);
    expect(r.approve.n).toBeGreaterThanOrEqual(1);
    expect(r.approve.p50).toBeGreaterThan(0);
    expect(Object.keys(r.approveOutcomes)).toEqual(['confirmed']);
    expect(Object.keys(r.keysReceived)).toEqual(['1']);
    expect(r.unexpectedKeys).toBe(0);
    expect([r.wrongReads, r.wrongKeys, r.wrongExamples]).toEqual([0, 0, []]);
  }, 60_000);

  it('reads the prompt of every runtime as its expected item and sends each only its approve key', async () => {
    const r = await runDetection({ agents: 9, windowMs: 12_000, warmupMs: 2000 });
    expect(Object.keys(r.detectionByRuntime).sort()).toEqual([...RUNTIME_IDS].sort());
    expect(r.missed).toBe(0);
    expect([r.wrongReads, r.wrongKeys, r.wrongExamples]).toEqual([0, 0, []]);
    expect(Object.keys(r.keysReceived).sort()).toEqual(['1', 'Enter', 'a', 'y']);
  }, 90_000);
});
