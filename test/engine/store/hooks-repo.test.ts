import { describe, expect, it } from 'vitest';
import { tempStore } from './support/temp-store.ts';

describe('HooksRepo', () => {
  it('counts events per name with the latest time', () => {
    const { store } = tempStore();
    store.hooks.recordEvent('Stop', 10);
    store.hooks.recordEvent('Stop', 30);
    store.hooks.recordEvent('PermissionRequest', 20);
    expect(store.hooks.list()).toEqual([
      { kind: 'event', name: 'PermissionRequest', count: 1, lastAt: 20 },
      { kind: 'event', name: 'Stop', count: 2, lastAt: 30 },
    ]);
  });

  it('counts rejected payloads apart from events, stamped with the clock by default', () => {
    const { store, clock } = tempStore();
    store.hooks.recordRejected('bad-token');
    store.hooks.recordEvent('bad-token', 5);
    expect(store.hooks.list()).toContainEqual({ kind: 'rejected', name: 'bad-token', count: 1, lastAt: clock.now() });
    expect(store.hooks.list()).toHaveLength(2);
  });

  it('keeps the latest time when an older event arrives late', () => {
    const { store } = tempStore();
    store.hooks.recordEvent('Stop', 30);
    store.hooks.recordEvent('Stop', 10);
    expect(store.hooks.list()[0]).toMatchObject({ count: 2, lastAt: 30 });
  });
});
