import { describe, expect, it } from 'vitest';
import { isItemId, randomItemId } from '../../../main/engine/store/item-id.ts';

describe('item ids', () => {
  it('are 8 lowercase base32 characters without i, l, o or u', () => {
    for (let i = 0; i < 1000; i++) expect(randomItemId()).toMatch(/^[0-9abcdefghjkmnpqrstvwxyz]{8}$/);
  });

  it('do not repeat across ten thousand draws', () => {
    const ids = new Set(Array.from({ length: 10_000 }, randomItemId));
    expect(ids.size).toBe(10_000);
  });

  it('are told apart from pane references', () => {
    expect(isItemId(randomItemId())).toBe(true);
    expect(isItemId('default|%3')).toBe(false);
    expect(isItemId('%3')).toBe(false);
    expect(isItemId('abcdefgi')).toBe(false);
  });
});
