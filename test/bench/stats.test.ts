import { describe, expect, it } from 'vitest';
import { percentile, ratio, round, summarize, within } from '../../bench/stats.ts';

const oneToHundred = Array.from({ length: 100 }, (_, i) => 100 - i); // unsorted on purpose

describe('bench stats', () => {
  it('takes nearest-rank percentiles: a measured value, never an interpolation', () => {
    expect(percentile(oneToHundred, 50)).toBe(50);
    expect(percentile(oneToHundred, 95)).toBe(95);
    expect(percentile([10, 20, 30], 95)).toBe(30);
    expect(percentile([7], 50)).toBe(7);
  });

  it('has no percentile for no samples', () => {
    expect(percentile([], 95)).toBeNull();
    expect(summarize([])).toEqual({ n: 0, p50: null, p95: null, max: null, mean: null });
  });

  it('summarizes count, median, p95, max and mean', () => {
    expect(summarize([4, 1, 3, 2])).toEqual({ n: 4, p50: 2, p95: 4, max: 4, mean: 2.5 });
  });

  it('gives no ratio over zero or a missing figure', () => {
    expect(ratio(10, 4)).toBe(2.5);
    expect(ratio(10, 0)).toBeNull();
    expect(ratio(null, 4)).toBeNull();
  });

  it('rounds and judges upper bounds, null staying null', () => {
    expect(round(1.2345, 2)).toBe(1.23);
    expect(round(null)).toBeNull();
    expect(within(150, 150)).toBe(true);
    expect(within(150.1, 150)).toBe(false);
    expect(within(null, 150)).toBeNull();
  });
});
