import { describe, expect, it } from 'vitest';
import { formatAge, formatDuration, parseDuration, parseDurationList } from '../../../client/format/age.ts';

describe('formatAge', () => {
  it.each([
    [0, '0s'],
    [-500, '0s'],
    [12_400, '12s'],
    [59_999, '59s'],
    [60_000, '1m 00s'],
    [245_000, '4m 05s'],
    [3_600_000, '1h 00m'],
    [3_900_000, '1h 05m'],
    [86_400_000, '1d 00h'],
    [2 * 86_400_000 + 3 * 3_600_000, '2d 03h'],
  ])('%d ms -> %s', (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0'],
    [500, '500ms'],
    [90_000, '1m30s'],
    [300_000, '5m'],
    [7_200_000, '2h'],
    [5_400_000, '1h30m'],
  ])('%d ms -> %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('parseDuration', () => {
  it.each([
    ['0', 0],
    ['5m', 300_000],
    ['1h30m', 5_400_000],
    ['1h 30m', 5_400_000],
    [' 90s ', 90_000],
    ['250ms', 250],
    ['1.5h', 5_400_000],
    ['2D', 172_800_000],
  ])('%s -> %d', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '5', 'm', '5 minutes', '5m!', '-5m', 'abc'])('rejects %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });

  it('round-trips with formatDuration', () => {
    for (const ms of [0, 1000, 300_000, 5_400_000, 14_400_000, 90_061_000]) expect(parseDuration(formatDuration(ms))).toBe(ms);
  });
});

describe('parseDurationList', () => {
  it('parses the default reminder cadence', () => {
    expect(parseDurationList('0, 5m, 15m, 45m, 2h, 4h')).toEqual({
      ok: true,
      values: [0, 300_000, 900_000, 2_700_000, 7_200_000, 14_400_000],
    });
  });

  it('names the first bad entry', () => {
    const r = parseDurationList('5m, soon, 2h');
    expect(r.ok ? null : r.error).toMatch(/"soon"/);
  });

  it('ignores empty entries', () => {
    expect(parseDurationList('5m,,')).toEqual({ ok: true, values: [300_000] });
  });
});
