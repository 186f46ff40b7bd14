import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { migrate } from '../../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../../main/engine/store/migrations/index.ts';
import { objects, rawDb, tables, userVersion } from '../support/schema.ts';
import { onCleanup, tempDir } from '../support/temp-store.ts';

function fresh() {
  const file = path.join(tempDir(), 'v2.db');
  const db = rawDb(file);
  onCleanup(() => db.close());
  return { db, file };
}

describe('migration 0002-activity', () => {
  it('takes a fresh database to exactly version 2', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 2, logger: silentLogger });
    expect(userVersion(db)).toBe(2);
  });

  it('adds hook_counters and wait_intervals with their indexes', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 2, logger: silentLogger });
    const t = tables(db);
    expect(t['hook_counters']).toEqual(['kind', 'name', 'count', 'last_at']);
    expect(t['wait_intervals']).toEqual(['id', 'pane_key', 'reason', 'started_at', 'ended_at']);
    expect(objects(db, 'index')).toEqual(expect.arrayContaining(['wait_by_start', 'wait_open_by_pane']));
  });

  it('keeps version-1 data when upgrading from version 1', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 1, logger: silentLogger });
    db.exec(`INSERT INTO audit (at, pane_key, action, payload, reason, surface) VALUES (1, 'default|%1', 'key', 'Escape', 'deny', 'tray')`);
    migrate(db, file, MIGRATIONS, { to: 2, logger: silentLogger });
    expect(db.prepare('SELECT payload FROM audit').all()).toEqual([{ payload: 'Escape' }]);
  });

  it('allows only one open wait interval per pane', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 2, logger: silentLogger });
    const open = `INSERT INTO wait_intervals (pane_key, reason, started_at) VALUES ('default|%1', 'idle', 5)`;
    db.exec(open);
    expect(() => db.exec(open)).toThrow(/UNIQUE/);
  });
});
