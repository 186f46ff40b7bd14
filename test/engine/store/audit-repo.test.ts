import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { onCleanup, tempStore } from './support/temp-store.ts';

const entry = { paneKey: 'default|%1', action: 'key' as const, payload: '1', reason: 'approve "Yes"', surface: 'queue' as const };

describe('AuditRepo', () => {
  it('appends a record stamped with the clock and returns it with its id', () => {
    const { store, clock } = tempStore();
    const e = store.audit.append({ ...entry, runtime: 'claude', itemId: 'k7q2m9xd', outcome: 'sending' });
    expect(e).toEqual({ ...entry, id: 1, at: clock.now(), runtime: 'claude', itemId: 'k7q2m9xd', outcome: 'sending', ref: null });
    expect(store.audit.list()).toEqual([e]);
  });

  it('records an outcome as a new record pointing at the one it completes', () => {
    const { store } = tempStore();
    const sent = store.audit.append({ ...entry, outcome: 'sending' });
    const done = store.audit.append({ ...entry, action: 'outcome', payload: '', outcome: 'confirmed', ref: sent.id });
    expect(store.audit.list().map((e) => [e.id, e.outcome, e.ref])).toEqual([
      [done.id, 'confirmed', sent.id],
      [sent.id, 'sending', null],
    ]);
  });

  it('lists newest first, filtered by pane or item, paged with beforeId', () => {
    const { store } = tempStore();
    for (let i = 0; i < 5; i++) store.audit.append({ ...entry, paneKey: `default|%${i % 2}`, itemId: `item${i}` });
    expect(store.audit.list({ paneKey: 'default|%0' }).map((e) => e.id)).toEqual([5, 3, 1]);
    expect(store.audit.list({ itemId: 'item3' }).map((e) => e.id)).toEqual([4]);
    expect(store.audit.list({ beforeId: 4, limit: 2 }).map((e) => e.id)).toEqual([3, 2]);
  });

  it('offers no way to change or delete a record', () => {
    const { store } = tempStore();
    expect(Object.keys(store.audit).sort()).toEqual(['append', 'list']);
  });

  it('refuses UPDATE and DELETE from any other connection to the file', () => {
    const { store, file } = tempStore();
    store.audit.append(entry);
    const raw = new Database(file);
    onCleanup(() => raw.close());
    expect(() => raw.prepare("UPDATE audit SET payload = 'y'").run()).toThrow(/append-only/);
    expect(() => raw.prepare('DELETE FROM audit').run()).toThrow(/append-only/);
    expect(store.audit.list()[0]?.payload).toBe('1');
  });
});
