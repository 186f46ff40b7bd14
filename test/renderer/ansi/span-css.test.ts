import { describe, expect, it } from 'vitest';
import { spanCss } from '../../../renderer/ansi/span-css.ts';
import { PLAIN } from '../../../client/ansi/sgr.ts';

describe('spanCss', () => {
  it('sets nothing for plain text', () => {
    expect(spanCss(PLAIN)).toEqual({});
  });

  it('sets colours and weight', () => {
    expect(spanCss({ ...PLAIN, fg: '#ff0000', bg: '#000000', bold: true })).toEqual({
      color: '#ff0000',
      backgroundColor: '#000000',
      fontWeight: 'bold',
    });
  });

  it('swaps colours for inverse video, using theme defaults where unset', () => {
    expect(spanCss({ ...PLAIN, inverse: true, fg: '#ff0000' })).toEqual({ color: 'var(--term-bg)', backgroundColor: '#ff0000' });
  });

  it('combines underline and strike', () => {
    expect(spanCss({ ...PLAIN, underline: true, strike: true }).textDecoration).toBe('underline line-through');
  });
});
