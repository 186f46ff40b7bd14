import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../support/manual-clock.ts';
import { pollUntil } from '../../../main/engine/snapshot/poll.ts';

/** Let pending promise callbacks run, then fire the clock's due timers. */
async function drive(clock: ManualClock, ms: number, steps: number): Promise<void> {
  for (let i = 0; i < steps; i++) {
    await new Promise((r) => setImmediate(r));
    clock.advance(ms);
  }
}

describe('pollUntil', () => {
  it('returns the first non-null value', async () => {
    const clock = new ManualClock(0);
    let calls = 0;
    const result = pollUntil(clock, () => (++calls === 3 ? 'ready' : null), { timeoutMs: 1000, intervalMs: 100 });
    await drive(clock, 100, 5);
    expect(await result).toBe('ready');
    expect(calls).toBe(3);
  });

  it('gives up with null once the deadline has passed, after a last look', async () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    const result = pollUntil(clock, () => (seen.push(clock.now()), null), { timeoutMs: 250, intervalMs: 100 });
    await drive(clock, 100, 6);
    expect(await result).toBeNull();
    // Looks at 0, 100, 200, and once more when the shortened last wait (50 ms) ends at the deadline.
    expect(seen).toHaveLength(4);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(250);
    expect(clock.pending).toBe(0);
  });
});
