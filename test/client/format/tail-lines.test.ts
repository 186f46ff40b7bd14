import { describe, expect, it } from 'vitest';
import { visibleTail } from '../../../client/format/tail-lines.ts';

describe('visibleTail', () => {
  it('drops leading blank lines (colour-only lines count as blank) and trailing ones', () => {
    expect(visibleTail(['', '   ', '\x1b[0m  \x1b[39m', '> done', '', '❯ '])).toEqual(['> done', '', '❯ ']);
    expect(visibleTail(['a', '', '', ''])).toEqual(['a']);
  });
  it('squeezes runs of blank lines to one and keeps the last lines that say something', () => {
    expect(visibleTail(['a', '', '', '', 'b'])).toEqual(['a', '', 'b']);
    const many = Array.from({ length: 100 }, (_, i) => `line ${i}`);
    expect(visibleTail(many, 3)).toEqual(['line 97', 'line 98', 'line 99']);
  });
  it('an all-blank screen shows nothing', () => {
    expect(visibleTail(['', ' ', ''])).toEqual([]);
  });
});
