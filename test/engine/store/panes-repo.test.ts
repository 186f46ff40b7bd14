import { describe, expect, it } from 'vitest';
import { LAST_SEEN_GRANULARITY_MS } from '../../../main/engine/store/panes-repo.ts';
import { seen, tempStore } from './support/temp-store.ts';

const T = 1_700_000_000_000;

describe('PanesRepo', () => {
  it('inserts a newly seen pane as unknown, with default settings', () => {
    const { store } = tempStore();
    expect(store.panes.observe(seen('default|%3', T))).toBe('inserted');
    expect(store.panes.get('default|%3')).toEqual({
      paneKey: 'default|%3',
      server: 'default',
      paneId: '%3',
      target: 'work:1.3',
      runtime: 'claude',
      pid: 4242,
      state: 'unknown',
      stateSince: T,
      muted: false,
      ignored: false,
      enrolled: false,
      loopMode: 'paused',
      loopModeExplicit: false,
      directive: null,
      lastSeen: T,
    });
  });

  it('applies settings given with the first observation (manual enrollment)', () => {
    const { store } = tempStore();
    store.panes.observe(seen(), { enrolled: true, loopMode: 'active' });
    expect(store.panes.get('default|%1')).toMatchObject({ enrolled: true, loopMode: 'active', loopModeExplicit: true });
  });

  it('leaves the loop mode to the rules when the first observation gives none', () => {
    const { store } = tempStore();
    store.panes.observe(seen(), { enrolled: true });
    expect(store.panes.get('default|%1')).toMatchObject({ loopMode: 'paused', loopModeExplicit: false });
  });

  it('writes nothing when the same pane is seen again unchanged', () => {
    const { store } = tempStore();
    store.panes.observe(seen('default|%1', T));
    const before = store.totalChanges();
    expect(store.panes.observe(seen('default|%1', T + 1000))).toBe('unchanged');
    expect(store.totalChanges()).toBe(before);
    expect(store.panes.get('default|%1')?.lastSeen).toBe(T);
  });

  it('updates when what the observer sees changes', () => {
    const { store } = tempStore();
    store.panes.observe(seen('default|%1', T));
    expect(store.panes.observe({ ...seen('default|%1', T + 1000), target: 'other:2.1', pid: 99 })).toBe('updated');
    expect(store.panes.get('default|%1')).toMatchObject({ target: 'other:2.1', pid: 99, lastSeen: T + 1000 });
  });

  it('refreshes last_seen alone once the granularity has passed', () => {
    const { store } = tempStore();
    store.panes.observe(seen('default|%1', T));
    expect(store.panes.observe(seen('default|%1', T + LAST_SEEN_GRANULARITY_MS))).toBe('updated');
    expect(store.panes.get('default|%1')?.lastSeen).toBe(T + LAST_SEEN_GRANULARITY_MS);
  });

  it('records a new state with its start time', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    expect(store.panes.setState('default|%1', 'permission', T + 5)).toBe(true);
    expect(store.panes.get('default|%1')).toMatchObject({ state: 'permission', stateSince: T + 5 });
  });

  it('writes nothing and keeps the start time when the state is unchanged', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    store.panes.setState('default|%1', 'idle', T + 5);
    const before = store.totalChanges();
    expect(store.panes.setState('default|%1', 'idle', T + 9)).toBe(false);
    expect(store.totalChanges()).toBe(before);
    expect(store.panes.get('default|%1')?.stateSince).toBe(T + 5);
  });

  it('refuses a state for a pane it does not know', () => {
    const { store } = tempStore();
    expect(() => store.panes.setState('default|%9', 'idle', T)).toThrow(/Unknown pane default\|%9/);
  });

  it('changes settings and reports no change (no write) when they already hold', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    expect(store.panes.setSettings('default|%1', { muted: true, directive: 'finish the migration' })).toBe(true);
    const before = store.totalChanges();
    expect(store.panes.setSettings('default|%1', { muted: true })).toBe(false);
    expect(store.totalChanges()).toBe(before);
    expect(store.panes.get('default|%1')).toMatchObject({ muted: true, directive: 'finish the migration' });
  });

  it('makes a loop mode given in settings explicit, even the default paused', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    expect(store.panes.setSettings('default|%1', { loopMode: 'paused' })).toBe(true);
    expect(store.panes.get('default|%1')).toMatchObject({ loopMode: 'paused', loopModeExplicit: true });
  });

  it('writes nothing when the same explicit loop mode is set again', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    store.panes.setSettings('default|%1', { loopMode: 'active' });
    const before = store.totalChanges();
    expect(store.panes.setSettings('default|%1', { loopMode: 'active' })).toBe(false);
    expect(store.totalChanges()).toBe(before);
  });

  it('keeps an explicit loop mode explicit when other settings change', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    store.panes.setSettings('default|%1', { loopMode: 'paused' });
    store.panes.setSettings('default|%1', { muted: true, loopMode: undefined });
    expect(store.panes.get('default|%1')).toMatchObject({ muted: true, loopMode: 'paused', loopModeExplicit: true });
  });

  it('does not make the loop mode explicit when only other settings change', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    store.panes.setSettings('default|%1', { muted: true, directive: 'ship it' });
    expect(store.panes.get('default|%1')?.loopModeExplicit).toBe(false);
  });

  it('treats an undefined field in a settings patch as "leave alone"', () => {
    const { store } = tempStore();
    store.panes.observe(seen(), { muted: true });
    store.panes.setSettings('default|%1', { muted: undefined, ignored: true });
    expect(store.panes.get('default|%1')).toMatchObject({ muted: true, ignored: true });
  });

  it('lists panes by key', () => {
    const { store } = tempStore();
    store.panes.observe(seen('default|%2'));
    store.panes.observe(seen('default|%1'));
    expect(store.panes.list().map((p) => p.paneKey)).toEqual(['default|%1', 'default|%2']);
  });

  it('forgets a pane and its watchdog state', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    store.watchdog.put({ paneKey: 'default|%1', nudgesSent: 1, lastNudgeAt: T, nextNudgeAt: null, idleSince: T, escalated: false });
    expect(store.panes.forget('default|%1')).toBe(true);
    expect(store.panes.get('default|%1')).toBeNull();
    expect(store.watchdog.get('default|%1')).toBeNull();
  });

  it('refuses to forget a pane that has an open item', () => {
    const { store } = tempStore();
    store.panes.observe(seen());
    store.items.open({ paneKey: 'default|%1', kind: 'idle', prompt: null, fingerprint: null, summary: '', firstSeen: T, expiresAt: T + 1 });
    expect(store.panes.forget('default|%1')).toBe(false);
    expect(store.panes.get('default|%1')).not.toBeNull();
  });
});
