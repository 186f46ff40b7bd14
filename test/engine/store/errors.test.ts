import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StoreError, kindOfSqliteCode, toStoreError } from '../../../main/engine/store/errors.ts';

describe('store errors', () => {
  it.each([
    ['SQLITE_NOTADB', 'corrupt'],
    ['SQLITE_CORRUPT', 'corrupt'],
    ['SQLITE_CORRUPT_INDEX', 'corrupt'],
    ['SQLITE_BUSY', 'locked'],
    ['SQLITE_BUSY_SNAPSHOT', 'locked'],
    ['SQLITE_LOCKED', 'locked'],
    ['SQLITE_READONLY', 'read-only'],
    ['SQLITE_READONLY_DBMOVED', 'read-only'],
    ['SQLITE_CANTOPEN', 'io'],
    ['SQLITE_IOERR_SHORT_READ', 'io'],
    ['SQLITE_FULL', 'io'],
    ['SQLITE_CONSTRAINT_UNIQUE', null],
    ['SQLITE_ERROR', null],
  ])('classifies %s as %s', (code, kind) => {
    expect(kindOfSqliteCode(code)).toBe(kind);
  });

  it('names the file and keeps the cause', () => {
    const cause = new Database.SqliteError('database is locked', 'SQLITE_BUSY');
    const err = toStoreError(cause, '/data/trailboss.db') as StoreError;
    expect(err).toBeInstanceOf(StoreError);
    expect(err.message).toMatch(/^Database \/data\/trailboss\.db is locked by another process: database is locked$/);
    expect(err.cause).toBe(cause);
  });

  it('leaves programming errors (constraints, SQL mistakes) as they are', () => {
    const bug = new Database.SqliteError('UNIQUE constraint failed: items.pane_key', 'SQLITE_CONSTRAINT_UNIQUE');
    expect(toStoreError(bug, '/x.db')).toBe(bug);
  });

  it('classifies file-system errors as io', () => {
    const fsErr = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    expect((toStoreError(fsErr, '/x.db') as StoreError).kind).toBe('io');
  });
});
