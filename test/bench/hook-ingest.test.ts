/** Smoke test of the hook ingest bench: direct POSTs and real forwarder runs into the loopback route. */
import { describe, expect, it } from 'vitest';
import { runHookIngest } from '../../bench/hook-ingest.ts';

describe('bench: hook ingest route', () => {
  it('times POST and forwarder deliveries and the forwarder run', async () => {
    const r = await runHookIngest(2);
    expect(r.postToDelivery.n).toBe(2);
    expect(r.forwarderToDelivery.n).toBe(2);
    expect(r.postToDelivery.p50).toBeGreaterThan(0);
    // The forwarder is a process start: slower than a POST from a warm client, and under its 3 s backstop.
    expect(r.forwarderToDelivery.p50!).toBeGreaterThan(r.postToDelivery.p50!);
    expect(r.forwarderRun.max).toBeLessThan(3000);
  }, 30_000);
});
