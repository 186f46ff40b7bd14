import { describe, expect, it } from 'vitest';
import { tempStore } from './support/temp-store.ts';

describe('HistoryRepo', () => {
  it('records a wait from begin to end', () => {
    const { store } = tempStore();
    expect(store.history.begin('default|%1', 'permission', 100)).toBe(true);
    expect(store.history.end('default|%1', 250)).toBe(true);
    expect(store.history.list({ since: 0 })).toEqual([
      { id: 1, paneKey: 'default|%1', reason: 'permission', startedAt: 100, endedAt: 250 },
    ]);
  });

  it('writes nothing when the pane already waits for the same reason', () => {
    const { store } = tempStore();
    store.history.begin('default|%1', 'idle', 100);
    const before = store.totalChanges();
    expect(store.history.begin('default|%1', 'idle', 200)).toBe(false);
    expect(store.totalChanges()).toBe(before);
  });

  it('ends the current wait and starts another when the reason changes', () => {
    const { store } = tempStore();
    store.history.begin('default|%1', 'idle', 100);
    store.history.begin('default|%1', 'permission', 300);
    expect(store.history.list({ since: 0 }).map((w) => [w.reason, w.startedAt, w.endedAt])).toEqual([
      ['idle', 100, 300],
      ['permission', 300, null],
    ]);
  });

  it('reports false when ending a pane that is not waiting', () => {
    const { store } = tempStore();
    expect(store.history.end('default|%1', 5)).toBe(false);
  });

  it('lists the waits overlapping a window, open ones included, optionally for one pane', () => {
    const { store } = tempStore();
    store.history.begin('default|%1', 'idle', 0);
    store.history.end('default|%1', 50);
    store.history.begin('default|%1', 'idle', 100);
    store.history.end('default|%1', 200);
    store.history.begin('default|%2', 'dialog', 150);
    expect(store.history.list({ since: 60, until: 300 }).map((w) => [w.paneKey, w.startedAt])).toEqual([
      ['default|%1', 100],
      ['default|%2', 150],
    ]);
    expect(store.history.list({ since: 0, paneKey: 'default|%2' })).toHaveLength(1);
  });

  it('prunes only waits that ended before the cutoff', () => {
    const { store } = tempStore();
    store.history.begin('default|%1', 'idle', 0);
    store.history.end('default|%1', 50);
    store.history.begin('default|%2', 'idle', 10);
    expect(store.history.prune(100)).toBe(1);
    expect(store.history.list({ since: 0 }).map((w) => w.paneKey)).toEqual(['default|%2']);
  });
});
