import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryLogger, silentLogger } from '../../../main/engine/platform/log.ts';
import { StoreError } from '../../../main/engine/store/errors.ts';
import { migrate, type Migration } from '../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../main/engine/store/migrations/index.ts';
import { rawDb, tables, userVersion } from './support/schema.ts';
import { onCleanup, tempDir } from './support/temp-store.ts';

function fresh() {
  const file = path.join(tempDir(), 'm.db');
  const db = rawDb(file);
  onCleanup(() => db.close());
  return { db, file };
}

const one: Migration = { version: 1, name: 'one', up: (db) => db.exec('CREATE TABLE a (x INTEGER) STRICT') };

describe('migrate', () => {
  it('brings a fresh database to the latest version and reports from/to', () => {
    const { db, file } = fresh();
    expect(migrate(db, file, MIGRATIONS, { logger: silentLogger })).toEqual({ from: 0, to: MIGRATIONS.length });
    expect(userVersion(db)).toBe(MIGRATIONS.length);
  });

  it('does nothing (and logs nothing) on a database that is already current', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { logger: silentLogger });
    const logger = new MemoryLogger();
    expect(migrate(db, file, MIGRATIONS, { logger })).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length });
    expect(logger.entries).toEqual([]);
  });

  it('refuses a database from a newer version and leaves its version alone', () => {
    const { db, file } = fresh();
    db.pragma('user_version = 99');
    const err = (() => {
      try {
        migrate(db, file, MIGRATIONS, { logger: silentLogger });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).kind).toBe('newer-version');
    expect((err as StoreError).message).toContain(file);
    expect(userVersion(db)).toBe(99);
  });

  it('rolls a failing migration back completely: no half schema, old version kept', () => {
    const { db, file } = fresh();
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up: (d) => {
        d.exec('CREATE TABLE b (x INTEGER) STRICT');
        throw new Error('boom');
      },
    };
    expect(() => migrate(db, file, [one, broken], { logger: silentLogger })).toThrow('boom');
    expect(userVersion(db)).toBe(1);
    expect(Object.keys(tables(db))).toEqual(['a']);
  });

  it('rejects a migration list with a gap', () => {
    const { db, file } = fresh();
    const three: Migration = { version: 3, name: 'three', up: () => {} };
    expect(() => migrate(db, file, [one, three], { logger: silentLogger })).toThrow(/expected 2/);
  });

  it('refuses a target version no migration leads to', () => {
    const { db, file } = fresh();
    expect(() => migrate(db, file, [one], { to: 2, logger: silentLogger })).toThrow(/No migration/);
  });
});
