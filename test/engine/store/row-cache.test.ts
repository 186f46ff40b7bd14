import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import type { NewItem } from '../../../main/engine/store/items-repo.ts';
import { openStore } from '../../../main/engine/store/open-store.ts';
import { compareBinary } from '../../../main/engine/store/row-cache.ts';
import type { Store } from '../../../main/engine/store/store.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { onCleanup, seen, tempStore } from './support/temp-store.ts';

const T = 1_700_000_000_000;

function newItem(paneKey: string, over: Partial<NewItem> = {}): NewItem {
  return { paneKey, kind: 'idle', prompt: null, fingerprint: null, summary: 'idle', firstSeen: T, expiresAt: T + 3600_000, ...over };
}

function withPanes(store: Store, ...keys: string[]): void {
  for (const k of keys) store.panes.observe(seen(k));
}

/** A second connection on the same file (another process would be the same to SQLite). */
function otherConnection(file: string): Store {
  const other = openStore(file, { clock: new ManualClock(T), logger: silentLogger });
  onCleanup(() => other.close());
  return other;
}

/** What SQLite itself holds, read on a connection of its own. */
function rawRows(file: string, sql: string): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('read cache of items and panes', () => {
  it('serves unchanged rows from memory and re-reads only the row that was written', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1', 'default|%2');
    const a = store.items.open(newItem('default|%1')).item;
    store.items.open(newItem('default|%2'));
    const first = store.items.list();
    expect(store.items.list()).toEqual(first);
    expect(store.items.list()[1]).toBe(first[1]); // the same object: not read again
    store.items.update(a.id, { summary: 'changed' });
    const second = store.items.list();
    expect(second[0]).toMatchObject({ id: a.id, summary: 'changed' });
    expect(second[1]).toBe(first[1]);
  });

  it("sees another connection's writes at the next read (claims from another process)", () => {
    const { store, file } = tempStore();
    const other = otherConnection(file);
    withPanes(store, 'default|%1', 'default|%2');
    const a = store.items.open(newItem('default|%1')).item;
    expect(store.items.list().map((i) => i.claimedBy)).toEqual([null]);
    expect(other.items.claim(a.id, 'cli')).toBe(true);
    expect(store.items.get(a.id)?.claimedBy).toBe('cli');
    expect(store.items.byPane('default|%1')?.claimedBy).toBe('cli');
    const b = other.items.open(newItem('default|%2')).item;
    expect(store.items.list().map((i) => i.id)).toEqual([a.id, b.id]);
    other.panes.setState('default|%2', 'working', T + 5);
    expect(store.panes.get('default|%2')?.state).toBe('working');
    other.items.resolve(a.id, 'expired', 'engine');
    expect(store.items.get(a.id)).toBeNull();
  });

  it('keeps nothing a rolled-back transaction wrote, even when it was read inside the transaction', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    store.items.list();
    expect(() =>
      store.transaction(() => {
        store.items.update(a.id, { summary: 'never committed' });
        store.panes.setState('default|%1', 'permission', T + 1);
        expect(store.items.list()[0]?.summary).toBe('never committed');
        expect(store.panes.list()[0]?.state).toBe('permission');
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(store.items.get(a.id)?.summary).toBe('idle');
    expect(store.items.list()[0]?.summary).toBe('idle');
    expect(store.panes.get('default|%1')?.state).toBe('unknown');
  });

  it('lists in the order SQLite gives after opens, skips, claims and resolves', () => {
    const { store, file, clock } = tempStore();
    const keys = ['default|%1', 'default|%2', 'default|%3', 'default|%4'];
    withPanes(store, ...keys);
    store.items.list();
    const ids = keys.map((k, i) => store.items.open(newItem(k, { firstSeen: T - i })).item.id);
    store.items.skipToTail(ids[0]!, clock.now() + 1000);
    store.items.claim(ids[2]!, 'tray');
    store.items.resolve(ids[1]!, 'approved', 'tray');
    store.items.releaseClaimsBefore(clock.now() + 1);
    const sql = rawRows(file, 'SELECT id, claimed_by FROM items ORDER BY queue_order, first_seen, id');
    expect(store.items.list().map((i) => [i.id, i.claimedBy])).toEqual(sql.map((r) => [r['id'], r['claimed_by']]));
    expect(store.items.list().map((i) => i.id)).toEqual([ids[2], ids[3], ids[0]]);
  });

  it('stays equal to SQLite through a long run of mixed writes', () => {
    const { store, file, clock } = tempStore();
    const keys = Array.from({ length: 12 }, (_, i) => `S:/tmp/s${i % 3}|%${i}`);
    withPanes(store, ...keys);
    let seed = 7;
    const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const states = ['working', 'idle', 'permission'] as const;
    for (let step = 0; step < 300; step++) {
      clock.advance(1);
      const key = keys[random(keys.length)]!;
      const open = store.items.byPane(key);
      const op = random(5);
      if (!open) store.items.open(newItem(key, { firstSeen: T + random(3) }));
      else if (op === 0) store.items.resolve(open.id, 'answered-in-pane', 'engine');
      else if (op === 1) store.items.skipToTail(open.id, clock.now());
      else if (op === 2) store.items.update(open.id, { summary: `s${step}` });
      else if (op === 3) store.items.claim(open.id, 'tray');
      else store.panes.setState(key, states[random(3)]!, clock.now());
      const items = rawRows(file, 'SELECT id, summary, claimed_by FROM items ORDER BY queue_order, first_seen, id');
      expect(store.items.list().map((i) => [i.id, i.summary, i.claimedBy])).toEqual(
        items.map((r) => [r['id'], r['summary'], r['claimed_by']]),
      );
      const panes = rawRows(file, 'SELECT pane_key, state FROM panes ORDER BY pane_key');
      expect(store.panes.list().map((p) => [p.paneKey, p.state])).toEqual(panes.map((r) => [r['pane_key'], r['state']]));
    }
  });

  it('orders pane keys as SQLite does, astral characters included', () => {
    const { store, file } = tempStore();
    store.panes.list();
    const keys = ['S:/tmp/b|%1', 'S:/tmp/\u{1F600}|%1', 'S:/tmp/\uFF5E|%1', 'S:/tmp/a|%1', 'S:/tmp/\uE000|%2', 'S:/tmp/ab|%1'];
    withPanes(store, ...keys);
    const sql = rawRows(file, 'SELECT pane_key FROM panes ORDER BY pane_key').map((r) => r['pane_key']);
    expect(store.panes.list().map((p) => p.paneKey)).toEqual(sql);
    expect([...keys].sort(compareBinary)).toEqual(sql);
  });

  it('forgets a pane it had listed', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1', 'default|%2');
    expect(store.panes.list()).toHaveLength(2);
    expect(store.panes.forget('default|%1')).toBe(true);
    expect(store.panes.list().map((p) => p.paneKey)).toEqual(['default|%2']);
    expect(store.panes.get('default|%1')).toBeNull();
  });
});
