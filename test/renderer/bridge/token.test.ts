import { describe, expect, it } from 'vitest';
import { hashWithoutToken, tokenFromHash } from '../../../renderer/bridge/token.ts';

describe('tokenFromHash', () => {
  it('reads the token from the fragment', () => {
    expect(tokenFromHash('#token=abc123')).toBe('abc123');
  });

  it('reads it among other parameters, decoded', () => {
    expect(tokenFromHash('#view=queue&token=a%2Bb')).toBe('a+b');
  });

  it('answers null without a token', () => {
    expect([tokenFromHash(''), tokenFromHash('#'), tokenFromHash('#token=')]).toEqual([null, null, null]);
  });
});

describe('hashWithoutToken', () => {
  it('removes only the token', () => {
    expect(hashWithoutToken('#view=queue&token=abc')).toBe('#view=queue');
  });

  it('leaves nothing when the token was all', () => {
    expect(hashWithoutToken('#token=abc')).toBe('');
  });
});
