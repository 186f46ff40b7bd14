import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { migrate } from '../../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../../main/engine/store/migrations/index.ts';
import { rawDb, userVersion } from '../support/schema.ts';
import { onCleanup, tempDir } from '../support/temp-store.ts';

function fresh() {
  const file = path.join(tempDir(), 'v4.db');
  const db = rawDb(file);
  onCleanup(() => db.close());
  return { db, file };
}

const audit = (at: number) =>
  `INSERT INTO audit (at, pane_key, action, payload, reason, surface) VALUES (${at}, 'default|%1', 'key', '1', 'approve', 'cli')`;

describe('migration 0004-retention', () => {
  it('takes a fresh database to exactly version 4, with the audit indexed by time', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 4, logger: silentLogger });
    expect(userVersion(db)).toBe(4);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit'").all();
    expect(indexes).toContainEqual({ name: 'audit_by_at' });
    expect(db.prepare('SELECT delete_before FROM audit_retention').all()).toEqual([{ delete_before: 0 }]);
  });

  it('keeps version-3 audit rows and still refuses to delete any of them, or to update one', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 3, logger: silentLogger });
    db.exec(audit(1000));
    migrate(db, file, MIGRATIONS, { to: 4, logger: silentLogger });
    expect(db.prepare('SELECT at FROM audit').all()).toEqual([{ at: 1000 }]);
    expect(() => db.exec('DELETE FROM audit')).toThrow(/append-only/);
    expect(() => db.exec("UPDATE audit SET payload = 'x'")).toThrow(/append-only/);
  });

  it('lets rows below the horizon go, never a row at or after it, and never lowers the horizon', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 4, logger: silentLogger });
    db.exec(audit(1000));
    db.exec(audit(3000));
    db.exec('UPDATE audit_retention SET delete_before = 2000');
    expect(() => db.exec('DELETE FROM audit')).toThrow(/append-only/);
    expect(db.prepare('DELETE FROM audit WHERE at < 2000').run().changes).toBe(1);
    expect(() => db.exec('UPDATE audit_retention SET delete_before = 0')).toThrow(/only moves forward/);
    expect(() => db.exec('DELETE FROM audit_retention')).toThrow(/cannot be removed/);
  });
});
