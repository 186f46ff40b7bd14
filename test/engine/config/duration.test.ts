import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../main/engine/config/duration.ts';

describe('parseDuration', () => {
  it.each([
    ['250ms', 250],
    ['30s', 30_000],
    ['5m', 300_000],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
    ['1.5h', 5_400_000],
    ['1h30m', 5_400_000],
    [' 10m ', 600_000],
  ])('reads %s as %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '5', 'm', '5 minutes', '-5m', '5x', '1h 30m'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('parseDuration on absurd values', () => {
  it('gives null for a value past the safe integers, never Infinity', () => {
    expect(parseDuration('99999999999999999999999d')).toBeNull();
  });
});
