import { describe, expect, it } from 'vitest';
import { paletteColour, rgbColour } from '../../../client/ansi/palette.ts';

describe('paletteColour', () => {
  it('gives the base colours', () => {
    expect([paletteColour(0), paletteColour(15)]).toEqual(['#000000', '#ffffff']);
  });

  it('computes the 6x6x6 cube', () => {
    expect([paletteColour(16), paletteColour(153), paletteColour(231)]).toEqual(['#000000', '#afd7ff', '#ffffff']);
  });

  it('computes the grey ramp', () => {
    expect([paletteColour(232), paletteColour(255)]).toEqual(['#080808', '#eeeeee']);
  });

  it('answers null outside 0-255', () => {
    expect([paletteColour(-1), paletteColour(256), paletteColour(1.5)]).toEqual([null, null, null]);
  });
});

describe('rgbColour', () => {
  it('clamps components', () => {
    expect(rgbColour(300, -5, 16)).toBe('#ff0010');
  });
});
