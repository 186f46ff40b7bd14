/** The soak's least squares and verdicts, on lines whose slope is known. */
import { describe, expect, it } from 'vitest';
import type { SampleFigures } from '../../bench/soak-stats.ts';
import { NOT_JUDGED_SHORT, judge, soakMeasures, trendOf, windowCovered } from '../../bench/soak-stats.ts';

const HOUR = 3_600_000;
const line = (n: number, perHour: number, noise: (i: number) => number = () => 0) =>
  Array.from({ length: n }, (_, i) => ({ t: 1e12 + (i * HOUR) / n, v: 100 + (perHour * i) / n + noise(i) }));

describe('soak statistics', () => {
  it('recovers the slope per hour of an exact line, with zero spread', () => {
    const t = trendOf(line(60, 5));
    expect(t.slopePerHour).toBeCloseTo(5, 9);
    expect(t.slopeSE).toBeCloseTo(0, 9);
    expect(t).toMatchObject({ n: 60, first: 100 });
  });

  it('gives the textbook standard error for a known small set', () => {
    // x = 0,1,2,3 h; y = 1,3,2,4: slope 0.8, SE = sqrt((Σr² = 1.8) / 2 / (Σ(x−x̄)² = 5)) = sqrt(0.18).
    const t = trendOf([1, 3, 2, 4].map((v, i) => ({ t: i * HOUR, v })));
    expect(t.slopePerHour).toBeCloseTo(0.8, 9);
    expect(t.slopeSE).toBeCloseTo(Math.sqrt(0.18), 9);
  });

  it('has no slope with fewer than two distinct times', () => {
    expect(trendOf([]).slopePerHour).toBeNull();
    expect(trendOf([{ t: 5, v: 1 }]).slopePerHour).toBeNull();
    expect(
      trendOf([
        { t: 5, v: 1 },
        { t: 5, v: 2 },
      ]).slopePerHour,
    ).toBeNull();
  });

  it('judges a slope limit on the point estimate', () => {
    expect(judge(trendOf(line(30, 1.9)), { kind: 'slope-max', perHour: 2 })).toBe(true);
    expect(judge(trendOf(line(30, 2.5)), { kind: 'slope-max', perHour: 2 })).toBe(false);
  });

  it('calls noise without trend flat, and steady growth not flat', () => {
    const wobble = (i: number) => (i % 2 === 0 ? 3 : -3);
    expect(judge(trendOf(line(120, 0, wobble)), { kind: 'flat', allowPerHour: 1 })).toBe(true);
    expect(judge(trendOf(line(120, 60, wobble)), { kind: 'flat', allowPerHour: 1 })).toBe(false);
  });

  it('holds a ceiling at every sample, not on average', () => {
    const points = [1, 2, 17, 3].map((v, i) => ({ t: i * 1000, v }));
    expect(judge(trendOf(points), { kind: 'ceiling', max: 16 })).toBe(false);
    expect(judge(trendOf(points.filter((p) => p.v < 16)), { kind: 'ceiling', max: 16 })).toBe(true);
  });
});

describe('soak measures', () => {
  // A sample a minute: 30 samples span 29 min, long enough to judge slopes.
  const sample = (i: number, over: Partial<SampleFigures> = {}): SampleFigures => ({
    t: i * 60_000,
    rssBytes: 100 * 2 ** 20,
    heapUsedBytes: 40 * 2 ** 20,
    heapTotalBytes: 60 * 2 ** 20,
    externalBytes: 2 ** 20,
    rssBeforeGcBytes: 150 * 2 ** 20,
    rssAnonBytes: 80 * 2 ** 20,
    youngGenerationBytes: 30 * 2 ** 20,
    fds: 30 + (i % 2),
    handles: 20,
    timers: 12,
    tmuxClients: 1,
    sseClients: 1,
    databaseBytes: 2 ** 20,
    walBytes: 4 * 2 ** 20,
    logBytes: 1000,
    rows: { panes: 100, audit: i * 10 },
    ...over,
  });

  it('passes a flat run and reports every table it saw without judging it', () => {
    const m = soakMeasures(Array.from({ length: 30 }, (_, i) => sample(i)));
    expect(m.filter((x) => x.target !== null).every((x) => x.pass === true)).toBe(true);
    expect(m.find((x) => x.measure === 'rows: audit')).toMatchObject({ target: null, pass: null });
  });

  it('fails RSS growing 1 MB per sample (60 MB/h) and a WAL over 16 MB once', () => {
    const m = soakMeasures(
      Array.from({ length: 30 }, (_, i) => sample(i, { rssBytes: (100 + i) * 2 ** 20, walBytes: (i === 7 ? 17 : 4) * 2 ** 20 })),
    );
    expect(m.find((x) => x.measure === 'engine RSS')?.pass).toBe(false);
    expect(m.find((x) => x.measure === 'WAL')?.pass).toBe(false);
    expect(m.find((x) => x.measure === 'V8 heap used')?.pass).toBe(true);
  });

  it('reports the slopes of a run shorter than 20 min without a verdict, and still judges the WAL ceiling', () => {
    const growing = Array.from({ length: 30 }, (_, i) =>
      sample(i, { t: i * 10_000, rssBytes: (100 + i) * 2 ** 20, walBytes: (i === 7 ? 17 : 4) * 2 ** 20 }),
    );
    const m = soakMeasures(growing);
    expect(m.find((x) => x.measure === 'engine RSS')).toMatchObject({ pass: null, notJudged: NOT_JUDGED_SHORT });
    expect(m.find((x) => x.measure === 'open file descriptors')).toMatchObject({ pass: null, notJudged: NOT_JUDGED_SHORT });
    expect(m.find((x) => x.measure === 'WAL')).toMatchObject({ pass: false, notJudged: null });
    expect(NOT_JUDGED_SHORT).toBe('not judged: run shorter than 20 min');
  });

  it('judges a 20-min window sampled every 10 s (120 samples span 19 min 50 s from first to last)', () => {
    const full = Array.from({ length: 120 }, (_, i) => sample(i, { t: i * 10_000 }));
    expect(windowCovered(full)).toBe(20 * 60_000);
    const m = soakMeasures(full);
    expect(m.find((x) => x.measure === 'engine RSS')).toMatchObject({ pass: true, notJudged: null });
    expect(soakMeasures(full.slice(0, 119)).find((x) => x.measure === 'engine RSS')).toMatchObject({
      pass: null,
      notJudged: NOT_JUDGED_SHORT,
    });
  });
});
