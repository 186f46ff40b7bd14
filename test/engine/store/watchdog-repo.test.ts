import { describe, expect, it } from 'vitest';
import type { WatchdogState } from '../../../main/engine/store/types.ts';
import { seen, tempStore } from './support/temp-store.ts';

const state: WatchdogState = { paneKey: 'default|%1', nudgesSent: 1, lastNudgeAt: 100, nextNudgeAt: 1000, idleSince: 50, escalated: false };

describe('WatchdogRepo', () => {
  it('stores and reads back a pane backoff', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    expect(store.watchdog.put(state)).toBe(true);
    expect(store.watchdog.get('default|%1')).toEqual(state);
    expect(store.watchdog.list()).toEqual([state]);
  });

  it('writes nothing when the state is unchanged', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    store.watchdog.put(state);
    const before = store.totalChanges();
    expect(store.watchdog.put({ ...state })).toBe(false);
    expect(store.totalChanges()).toBe(before);
  });

  it('overwrites a changed state', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    store.watchdog.put(state);
    expect(store.watchdog.put({ ...state, nudgesSent: 3, escalated: true })).toBe(true);
    expect(store.watchdog.get('default|%1')).toMatchObject({ nudgesSent: 3, escalated: true });
  });

  it('clears a backoff, reporting whether there was one', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    store.watchdog.put(state);
    expect(store.watchdog.clear('default|%1')).toBe(true);
    expect(store.watchdog.clear('default|%1')).toBe(false);
    expect(store.watchdog.get('default|%1')).toBeNull();
  });

  it('refuses state for a pane it does not know', () => {
    const { store } = tempStore();
    expect(() => store.watchdog.put(state)).toThrow(/FOREIGN KEY/);
  });
});
