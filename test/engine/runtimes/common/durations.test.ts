/** Every elapsed-time form the agent CLIs print (or may print next release) reads as one elapsed time. */
import { describe, expect, it } from 'vitest';
import { isElapsed } from '../../../../main/engine/runtimes/common/durations.ts';

describe('isElapsed', () => {
  it.each([
    '<1s',
    '< 1s',
    '0s',
    '12s',
    '59s',
    '1.5s',
    '15.1s',
    '1m',
    '1m 2s',
    '1m 02s',
    '1m02s',
    '12m 30s',
    '1h',
    '1h 2m',
    '1h 02m 03s',
    '2d 1h',
    '2d 1h 2m 3s',
  ])('%s is an elapsed time', (text) => {
    expect(isElapsed(text)).toBe(true);
  });

  it.each(['', 's', '1', '1x', '<2s', '20:29', '11:00 PM', '2.3k tokens', '1m 2s 3m 4s 5s', 'esc', '-1s', '1 s'])('%s is not', (text) => {
    expect(isElapsed(text)).toBe(false);
  });
});
