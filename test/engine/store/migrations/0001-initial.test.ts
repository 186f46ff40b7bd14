import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { migrate } from '../../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../../main/engine/store/migrations/index.ts';
import { objects, rawDb, tables, userVersion } from '../support/schema.ts';
import { onCleanup, tempDir } from '../support/temp-store.ts';

function freshAtVersion1() {
  const file = path.join(tempDir(), 'v1.db');
  const db = rawDb(file);
  onCleanup(() => db.close());
  migrate(db, file, MIGRATIONS, { to: 1, logger: silentLogger });
  return db;
}

const insertPane = `INSERT INTO panes (pane_key, server, pane_id, target, runtime, state_since, last_seen)
  VALUES ('default|%1', 'default', '%1', 'w:1.1', 'claude', 0, 0)`;

describe('migration 0001-initial', () => {
  it('takes a fresh database to exactly version 1', () => {
    expect(userVersion(freshAtVersion1())).toBe(1);
  });

  it('creates exactly the version-1 tables and columns', () => {
    expect(tables(freshAtVersion1())).toEqual({
      panes: [
        'pane_key',
        'server',
        'pane_id',
        'target',
        'runtime',
        'pid',
        'state',
        'state_since',
        'muted',
        'ignored',
        'enrolled',
        'loop_mode',
        'directive',
        'last_seen',
      ],
      items: [
        'id',
        'pane_key',
        'kind',
        'prompt_json',
        'fingerprint',
        'summary',
        'first_seen',
        'queue_order',
        'reminder_step',
        'next_reminder_at',
        'snoozed_until',
        'skip_cooldown_until',
        'stuck',
        'claimed_by',
        'claimed_at',
        'expires_at',
        'tail_json',
        'context',
      ],
      resolved_items: [
        'id',
        'pane_key',
        'kind',
        'prompt_json',
        'fingerprint',
        'summary',
        'first_seen',
        'reminder_step',
        'stuck',
        'claimed_by',
        'expires_at',
        'tail_json',
        'context',
        'resolved_at',
        'how',
        'resolved_by',
      ],
      watchdog: ['pane_key', 'nudges_sent', 'last_nudge_at', 'next_nudge_at', 'idle_since', 'escalated'],
      audit: ['id', 'at', 'pane_key', 'runtime', 'action', 'payload', 'reason', 'surface', 'item_id', 'outcome', 'ref'],
    });
  });

  it('creates the indexes and the append-only triggers', () => {
    const db = freshAtVersion1();
    expect(objects(db, 'index')).toEqual([
      'audit_by_item',
      'audit_by_pane',
      'items_by_pane',
      'items_by_queue_order',
      'resolved_by_pane',
      'resolved_by_time',
    ]);
    expect(objects(db, 'trigger')).toEqual(['audit_no_delete', 'audit_no_update']);
  });

  it('rejects a pane state outside the known set', () => {
    const db = freshAtVersion1();
    const bad = `INSERT INTO panes (pane_key, server, pane_id, target, runtime, state, state_since, last_seen)
      VALUES ('default|%1', 'default', '%1', 'w:1.1', 'claude', 'sleeping', 0, 0)`;
    expect(() => db.exec(bad)).toThrow(/CHECK constraint/);
  });

  it('rejects an item for a pane that does not exist', () => {
    const db = freshAtVersion1();
    expect(() =>
      db.exec(
        `INSERT INTO items (id, pane_key, kind, summary, first_seen, queue_order, expires_at) VALUES ('a', 'nope|%9', 'idle', '', 0, 1, 0)`,
      ),
    ).toThrow(/FOREIGN KEY/);
  });

  it('allows one open item per pane only', () => {
    const db = freshAtVersion1();
    db.exec(insertPane);
    const item = (id: string) =>
      `INSERT INTO items (id, pane_key, kind, summary, first_seen, queue_order, expires_at) VALUES ('${id}', 'default|%1', 'idle', '', 0, 1, 0)`;
    db.exec(item('a'));
    expect(() => db.exec(item('b'))).toThrow(/UNIQUE/);
  });

  it('refuses UPDATE and DELETE on audit rows', () => {
    const db = freshAtVersion1();
    db.exec(`INSERT INTO audit (at, pane_key, action, payload, reason, surface) VALUES (1, 'default|%1', 'key', '1', 'approve', 'cli')`);
    expect(() => db.exec(`UPDATE audit SET payload = '2'`)).toThrow(/append-only/);
    expect(() => db.exec(`DELETE FROM audit`)).toThrow(/append-only/);
    expect(db.prepare('SELECT payload FROM audit').all()).toEqual([{ payload: '1' }]);
  });
});
