/**
 * Open (or create) the database: check it is really ours and intact, refuse a newer schema,
 * set the pragmas, migrate. Never recreates, truncates or deletes an existing file: every
 * failure is a StoreError for the user to act on.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import { ownerOnlyFiles } from '../platform/owner-only.ts';
import { StoreError, toStoreError } from './errors.ts';
import { inspectDatabaseFile } from './header.ts';
import { latestVersion, migrate, schemaVersion } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import type { Db } from './sql.ts';
import { createStore, withStoreErrors, type Store } from './store.ts';

/** How to open the store. */
export interface OpenStoreOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  /** How long a write waits for another connection's lock before failing as 'locked' (default 5000). */
  readonly busyTimeoutMs?: number;
  /** Open without write access (a reader such as `status`); the database must exist and be current. */
  readonly readonly?: boolean;
  /** Run `PRAGMA quick_check` on open (default true; costs ~linear time in the file size). */
  readonly integrityCheck?: boolean;
  /** Item id source (tests force collisions); default random base32. */
  readonly newItemId?: () => string;
}

/** SQLite's page cache per connection, KiB (SQLite's own default is 2000). */
export const PAGE_CACHE_KIB = 4000;

/** Open the Trail Boss database at `file`, creating it (and its directory) if missing. */
export function openStore(file: string, options: OpenStoreOptions): Store {
  return createStore(openConnection(file, options), file, {
    clock: options.clock,
    logger: options.logger,
    ...(options.newItemId ? { newItemId: options.newItemId } : {}),
  });
}

/** Open, check, set up and migrate a connection to `file` (what openStore does before building the facade). */
export function openConnection(file: string, options: OpenStoreOptions): Db {
  const { logger } = options;
  const readonly = options.readonly ?? false;
  const shape = withStoreErrors(file, () => {
    if (!readonly) fs.mkdirSync(path.dirname(file), { recursive: true });
    return inspectDatabaseFile(file);
  });
  if (readonly && shape !== 'sqlite') throw new StoreError('io', file, 'no database to open read-only');
  if (!readonly) {
    assertWritable(file, shape !== 'missing');
    // The audit log holds every reply's text: the file is created owner-only (SQLite would make it
    // 0644), and one left looser by an older version is tightened; the WAL and shared-memory files
    // SQLite makes take the database file's mode.
    withStoreErrors(file, () => {
      if (shape === 'missing') fs.writeFileSync(file, '', { flag: 'wx', mode: 0o600 });
      ownerOnlyFiles(file, `${file}-wal`, `${file}-shm`);
    });
  }

  const db = withStoreErrors(file, () => new Database(file, { readonly, fileMustExist: readonly, timeout: options.busyTimeoutMs ?? 5000 }));
  try {
    if (shape === 'sqlite' && (options.integrityCheck ?? true)) {
      const verdict = db.pragma('quick_check(1)', { simple: true }) as string;
      if (verdict !== 'ok') throw new StoreError('corrupt', file, `integrity check: ${verdict}`);
    }
    const found = schemaVersion(db);
    const latest = latestVersion(MIGRATIONS);
    if (found > latest) {
      throw new StoreError('newer-version', file, `schema version ${found}, this Trail Boss knows up to ${latest}`);
    }
    db.pragma('foreign_keys = ON');
    // The page cache, set here rather than left to the build: better-sqlite3 compiles SQLite with a
    // 16 MB default (SQLITE_DEFAULT_CACHE_SIZE=-16000), which a long-lived engine fills page by page
    // as its history grows (the soak read it as RSS creeping 24 MB/h). The hot tables (items, panes,
    // the right edges of the history's indexes) fit in far less.
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    if (readonly) {
      if (found < latest) {
        throw new StoreError('read-only', file, `schema version ${found} needs migrating, but it was opened read-only`);
      }
    } else {
      // WAL: readers never block the writer; NORMAL is durable across app crashes (only an OS crash
      // can lose the last commits), and does not fsync on every commit.
      const mode = db.pragma('journal_mode = WAL', { simple: true }) as string;
      if (mode !== 'wal') logger.log('warn', 'store.no-wal', { file, mode });
      db.pragma('synchronous = NORMAL');
      ownerOnlyFiles(`${file}-wal`, `${file}-shm`);
      const moved = migrate(db, file, MIGRATIONS, { logger });
      logger.log('info', 'store.opened', { file, from: moved.from, version: moved.to });
    }
    return db;
  } catch (err) {
    db.close();
    const storeErr = toStoreError(err, file);
    if (storeErr instanceof StoreError) logger.log('error', 'store.open-failed', { file, kind: storeErr.kind, message: storeErr.message });
    throw storeErr;
  }
}

/**
 * Fail at open rather than at the first write, minutes later: SQLite silently falls back to a
 * read-only connection when the file is not writable. The directory must be writable too, for the
 * WAL and shared-memory files beside the database.
 */
function assertWritable(file: string, exists: boolean): void {
  for (const target of exists ? [file, path.dirname(file)] : [path.dirname(file)]) {
    try {
      fs.accessSync(target, fs.constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
        throw new StoreError('read-only', file, `${target === file ? 'the file' : 'its directory'} is not writable (${code})`);
      }
      throw toStoreError(err, file);
    }
  }
}
