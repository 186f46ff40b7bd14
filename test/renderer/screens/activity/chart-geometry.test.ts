import { describe, expect, it } from 'vitest';
import { hourTicks, totalsByReason, waitBars } from '../../../../renderer/screens/activity/chart-geometry.ts';

const H = 3_600_000;
const since = 0;
const until = 24 * H;

describe('waitBars', () => {
  it('places a wait proportionally', () => {
    expect(waitBars([{ start: 6 * H, end: 12 * H, reason: 'idle' }], since, until, 1000)).toEqual([
      { x: 250, width: 250, reason: 'idle', ms: 6 * H, start: 6 * H, end: 12 * H },
    ]);
  });

  it('clips a wait that began before the window', () => {
    const [bar] = waitBars([{ start: -5 * H, end: 1 * H, reason: 'permission' }], since, until, 24);
    expect([bar?.x, bar?.width, bar?.ms]).toEqual([0, 1, H]);
  });

  it('runs an open wait to the end of the window', () => {
    const [bar] = waitBars([{ start: 23 * H, end: null, reason: 'dialog' }], since, until, 24);
    expect([bar?.x, bar?.width]).toEqual([23, 1]);
  });

  it('drops waits outside the window', () => {
    expect(waitBars([{ start: -2 * H, end: -H, reason: 'idle' }], since, until, 100)).toEqual([]);
  });

  it('keeps a very short wait visible', () => {
    expect(waitBars([{ start: H, end: H + 1000, reason: 'idle' }], since, until, 100)[0]?.width).toBe(0.5);
  });
});

describe('totalsByReason', () => {
  it('sums clipped durations per reason, largest first', () => {
    const waits = [
      { start: 0, end: H, reason: 'idle' as const },
      { start: 2 * H, end: 5 * H, reason: 'permission' as const },
      { start: 6 * H, end: 7 * H, reason: 'idle' as const },
    ];
    expect(totalsByReason(waits, since, until)).toEqual([
      { reason: 'permission', ms: 3 * H },
      { reason: 'idle', ms: 2 * H },
    ]);
  });
});

describe('hourTicks', () => {
  it('labels every six hours back from now', () => {
    expect(hourTicks(since, until, 100, 6 * H)).toEqual([
      { x: 0, label: '−24h' },
      { x: 25, label: '−18h' },
      { x: 50, label: '−12h' },
      { x: 75, label: '−6h' },
      { x: 100, label: 'now' },
    ]);
  });
});
