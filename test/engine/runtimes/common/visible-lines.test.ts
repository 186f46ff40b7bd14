import { describe, expect, it } from 'vitest';
import { visibleLines } from '../../../../main/engine/runtimes/common/visible-lines.ts';

describe('visibleLines', () => {
  it('right-trims every line and drops the blank tail, keeping inner blank lines and indentation', () => {
    expect(visibleLines(['  a  ', '', 'b\t', '   ', ''])).toEqual(['  a', '', 'b']);
  });

  it('gives nothing for an all-blank capture', () => {
    expect(visibleLines(['', '    '])).toEqual([]);
  });

  it('stays linear on a pane full of spaces', () => {
    const wide = 'x' + ' '.repeat(200_000) + 'y' + ' '.repeat(200_000);
    expect(visibleLines([wide])[0]!.length).toBe(200_002);
  });
});
