import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { migrate } from '../../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../../main/engine/store/migrations/index.ts';
import { rawDb, tables, userVersion } from '../support/schema.ts';
import { onCleanup, tempDir } from '../support/temp-store.ts';

function fresh() {
  const file = path.join(tempDir(), 'v3.db');
  const db = rawDb(file);
  onCleanup(() => db.close());
  return { db, file };
}

const insertPane = (key: string, loopMode: string) =>
  `INSERT INTO panes (pane_key, server, pane_id, target, runtime, state_since, loop_mode, last_seen)
   VALUES ('${key}', 'default', '${key.split('|')[1]}', 'w:1.1', 'claude', 0, '${loopMode}', 0)`;

describe('migration 0003-loop-mode-set', () => {
  it('takes a fresh database to exactly version 3', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 3, logger: silentLogger });
    expect(userVersion(db)).toBe(3);
  });

  it('adds loop_mode_set to panes, after the version-1 columns', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 3, logger: silentLogger });
    expect(tables(db)['panes']).toEqual([
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
      'loop_mode_set',
    ]);
  });

  it('defaults loop_mode_set to 0 and accepts only 0 or 1', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 3, logger: silentLogger });
    db.exec(insertPane('default|%1', 'paused'));
    expect(db.prepare('SELECT loop_mode_set FROM panes').all()).toEqual([{ loop_mode_set: 0 }]);
    expect(() => db.exec(`UPDATE panes SET loop_mode_set = 2`)).toThrow(/CHECK/);
  });

  it("keeps version-2 panes, marking a stored non-paused mode as the user's choice", () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 2, logger: silentLogger });
    db.exec(insertPane('default|%1', 'paused'));
    db.exec(insertPane('default|%2', 'active'));
    db.exec(insertPane('default|%3', 'task-only'));
    db.exec(`INSERT INTO hook_counters (kind, name, count, last_at) VALUES ('event', 'Stop', 4, 9)`);
    migrate(db, file, MIGRATIONS, { to: 3, logger: silentLogger });
    // Before v3 a stored 'paused' meant "follow the rules": it must keep meaning that.
    expect(db.prepare('SELECT pane_key, loop_mode, loop_mode_set FROM panes ORDER BY pane_key').all()).toEqual([
      { pane_key: 'default|%1', loop_mode: 'paused', loop_mode_set: 0 },
      { pane_key: 'default|%2', loop_mode: 'active', loop_mode_set: 1 },
      { pane_key: 'default|%3', loop_mode: 'task-only', loop_mode_set: 1 },
    ]);
    expect(db.prepare('SELECT count FROM hook_counters').all()).toEqual([{ count: 4 }]);
  });
});
