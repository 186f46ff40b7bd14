import { describe, expect, it } from 'vitest';
import { seen, tempStore } from './support/temp-store.ts';

describe('ResolvedRepo', () => {
  it('lists resolved items newest first, by pane and since a time', () => {
    const { store } = tempStore();
    const resolveAt = (paneKey: string, at: number) => {
      store.panes.observe(seen(paneKey));
      const { item } = store.items.open({
        paneKey,
        kind: 'idle',
        prompt: null,
        fingerprint: null,
        summary: paneKey,
        firstSeen: 0,
        expiresAt: 1,
      });
      store.items.resolve(item.id, 'replied', 'cli', at);
    };
    resolveAt('default|%1', 10);
    resolveAt('default|%2', 30);
    resolveAt('default|%3', 20);
    expect(store.resolved.list().map((r) => r.resolvedAt)).toEqual([30, 20, 10]);
    expect(store.resolved.list({ paneKey: 'default|%3' }).map((r) => r.summary)).toEqual(['default|%3']);
    expect(store.resolved.list({ since: 15, limit: 1 }).map((r) => r.resolvedAt)).toEqual([30]);
  });

  it('returns null for an id it never resolved', () => {
    const { store } = tempStore();
    expect(store.resolved.get('zzzzzzzz')).toBeNull();
  });
});
