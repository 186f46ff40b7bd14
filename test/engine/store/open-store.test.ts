import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../support/manual-clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { StoreError, type StoreErrorKind } from '../../../main/engine/store/errors.ts';
import { latestVersion, migrate } from '../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../main/engine/store/migrations/index.ts';
import { openStore, PAGE_CACHE_KIB, type OpenStoreOptions } from '../../../main/engine/store/open-store.ts';
import { seen, tempDir, tempStore, onCleanup } from './support/temp-store.ts';

const base = { clock: new ManualClock(1_000), logger: silentLogger };

function open(file: string, extra: Partial<OpenStoreOptions> = {}) {
  const store = openStore(file, { ...base, ...extra });
  onCleanup(() => store.close());
  return store;
}

/** Call `fn`, which must throw a StoreError; return it. */
function storeErrorOf(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (err) {
    if (err instanceof StoreError) return err;
    throw err;
  }
  throw new Error('expected a StoreError, nothing was thrown');
}

/** Snapshot of every file in a directory and its bytes' hash. */
function dirState(dir: string): Record<string, string> {
  return Object.fromEntries(
    fs.readdirSync(dir).map((f) => [
      f,
      crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(dir, f)))
        .digest('hex'),
    ]),
  );
}

/** A closed database file with a few hundred KB of real data. */
function populatedDatabase(): string {
  const { store, file } = tempStore();
  store.transaction(() => {
    for (let i = 0; i < 2000; i++) {
      store.audit.append({ paneKey: `default|%${i}`, action: 'key', payload: 'x'.repeat(200), reason: 'fill', surface: 'cli' });
    }
  });
  store.close();
  return file;
}

function expectKind(err: StoreError, kind: StoreErrorKind, file: string) {
  expect(err.kind).toBe(kind);
  expect(err.file).toBe(file);
  expect(err.message).toContain(file);
}

describe('openStore', () => {
  it('creates the directory and the database, migrated to the latest version', () => {
    const file = path.join(tempDir(), 'nested', 'dir', 'trailboss.db');
    const store = open(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(store.schemaVersion()).toBe(latestVersion(MIGRATIONS));
  });

  it('sets WAL, synchronous=NORMAL, foreign keys and the busy timeout', () => {
    const store = open(path.join(tempDir(), 'p.db'), { busyTimeoutMs: 1234 });
    expect(store.pragmas()).toEqual({
      journalMode: 'wal',
      synchronous: 1,
      foreignKeys: true,
      busyTimeoutMs: 1234,
      cacheSize: -PAGE_CACHE_KIB,
    });
    // Set by us, not left to better-sqlite3's build (16 MB), which a long run fills as history grows.
    expect(PAGE_CACHE_KIB).toBeLessThan(16_000);
  });

  it('keeps data across close and reopen', () => {
    const file = path.join(tempDir(), 'k.db');
    const first = open(file);
    first.panes.observe(seen());
    first.close();
    expect(open(file).panes.get('default|%1')?.target).toBe('work:1.1');
  });

  it('reports a file of random bytes as corrupt and leaves every byte as it was', () => {
    const dir = tempDir();
    const file = path.join(dir, 'trailboss.db');
    fs.writeFileSync(file, crypto.randomBytes(8192));
    const before = dirState(dir);
    expectKind(
      storeErrorOf(() => open(file)),
      'corrupt',
      file,
    );
    expect(dirState(dir)).toEqual(before);
  });

  it('reports a file shorter than a SQLite header as corrupt', () => {
    const file = path.join(tempDir(), 'trailboss.db');
    fs.writeFileSync(file, 'SQLite format 3\0');
    expectKind(
      storeErrorOf(() => open(file)),
      'corrupt',
      file,
    );
    expect(fs.readFileSync(file, 'latin1')).toBe('SQLite format 3\0');
  });

  it('reports a truncated database as corrupt and leaves the file as it was', () => {
    const file = populatedDatabase();
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const before = fs.readFileSync(file);
    expectKind(
      storeErrorOf(() => open(file)),
      'corrupt',
      file,
    );
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('reports a database with a garbled page as corrupt', () => {
    const file = populatedDatabase();
    const bytes = fs.readFileSync(file);
    bytes.fill(0xab, 4096 * 2, 4096 * 3);
    fs.writeFileSync(file, bytes);
    expectKind(
      storeErrorOf(() => open(file)),
      'corrupt',
      file,
    );
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses a database from a newer Trail Boss and leaves it as it was', () => {
    const file = populatedDatabase();
    const raw = new Database(file);
    const newer = MIGRATIONS.length + 1;
    raw.pragma(`user_version = ${newer}`);
    raw.close();
    const before = fs.readFileSync(file);
    const err = storeErrorOf(() => open(file));
    expectKind(err, 'newer-version', file);
    expect(err.message).toContain(`schema version ${newer}`);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('fails as locked, after the busy timeout, when another connection holds the write lock', () => {
    const file = path.join(tempDir(), 'l.db');
    const store = open(file, { busyTimeoutMs: 150 });
    const other = new Database(file);
    onCleanup(() => other.close());
    other.exec('BEGIN EXCLUSIVE');
    const started = performance.now();
    expectKind(
      storeErrorOf(() => store.panes.observe(seen())),
      'locked',
      file,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    other.exec('ROLLBACK');
    expect(store.panes.observe(seen())).toBe('inserted');
  });

  it('fails to open as locked while another connection holds an exclusive lock on a rollback-journal database', () => {
    const file = path.join(tempDir(), 'x.db');
    const other = new Database(file);
    onCleanup(() => other.close());
    other.exec('CREATE TABLE t (x); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1);');
    expectKind(
      storeErrorOf(() => open(file, { busyTimeoutMs: 100 })),
      'locked',
      file,
    );
    other.exec('ROLLBACK');
  });

  it('reports a database file that cannot be written as read-only, at open', () => {
    const file = populatedDatabase();
    makeReadOnly(file);
    expectKind(
      storeErrorOf(() => open(file)),
      'read-only',
      file,
    );
  });

  it('refuses writes through a store opened read-only', () => {
    const file = populatedDatabase();
    const store = open(file, { readonly: true });
    expect(store.audit.list({ limit: 1 })).toHaveLength(1);
    expectKind(
      storeErrorOf(() => store.panes.observe(seen())),
      'read-only',
      file,
    );
  });

  it('refuses to open read-only a database that needs migrating', () => {
    const file = path.join(tempDir(), 'old.db');
    const raw = new Database(file);
    migrate(raw, file, MIGRATIONS, { to: 1, logger: silentLogger });
    raw.close();
    expectKind(
      storeErrorOf(() => open(file, { readonly: true })),
      'read-only',
      file,
    );
  });

  it('reports a path that is a directory as an io error', () => {
    const file = tempDir();
    expectKind(
      storeErrorOf(() => open(file)),
      'io',
      file,
    );
  });
});

/** Make a file unwritable even for root (chattr +i), undone after the test. */
function makeReadOnly(file: string): void {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', file]);
    onCleanup(() => execFileSync('chattr', ['-i', file]));
  } else {
    fs.chmodSync(file, 0o444);
  }
}
