import { describe, expect, it } from 'vitest';
import { seen, tempStore } from './support/temp-store.ts';

describe('Store', () => {
  it('commits everything a transaction wrote', () => {
    const { store } = tempStore();
    store.transaction(() => {
      store.panes.observe(seen('default|%1'));
      store.panes.observe(seen('default|%2'));
    });
    expect(store.panes.list()).toHaveLength(2);
  });

  it('rolls back everything a failing transaction wrote, even in nested ones', () => {
    const { store } = tempStore();
    expect(() =>
      store.transaction(() => {
        store.panes.observe(seen('default|%1'));
        store.transaction(() => store.audit.append({ paneKey: 'default|%1', action: 'key', payload: '1', reason: 'r', surface: 'cli' }));
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(store.panes.list()).toEqual([]);
    expect(store.audit.list()).toEqual([]);
  });

  it('returns what the transaction function returns', () => {
    const { store } = tempStore();
    expect(store.transaction(() => 42)).toBe(42);
  });

  it('closes once and then refuses to work', () => {
    const { store } = tempStore();
    store.close();
    store.close();
    expect(() => store.panes.list()).toThrow(/not open/);
  });
});
