/**
 * The migration runner: `PRAGMA user_version` is the schema version, and each migration moves the
 * database from version N-1 to N inside one IMMEDIATE transaction together with the version bump,
 * so a crash mid-migration leaves the old version intact and two processes never migrate twice.
 */
import type Database from 'better-sqlite3';
import type { Logger } from '../platform/log.ts';
import { StoreError } from './errors.ts';

/** One schema step. Once shipped, a migration never changes: add a new one instead. */
export interface Migration {
  /** The version the database has after this migration (1, 2, …, contiguous). */
  readonly version: number;
  /** Short kebab-case name, matching the file (`0001-initial.ts` → `initial`). */
  readonly name: string;
  /** Apply the step. Runs inside the runner's transaction; must not open its own. */
  up(db: Database.Database): void;
}

/** Read the schema version stored in the database header. */
export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** The version a list of migrations leads to. */
export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

/**
 * Bring `db` to version `to` (default: the latest). Refuses a database newer than the migrations
 * know about. Returns the versions before and after.
 */
export function migrate(
  db: Database.Database,
  file: string,
  migrations: readonly Migration[],
  options: { to?: number; logger: Logger },
): { from: number; to: number } {
  assertContiguous(migrations);
  const latest = latestVersion(migrations);
  const target = options.to ?? latest;
  if (target > latest) throw new Error(`No migration leads to version ${target} (latest is ${latest})`);
  const from = schemaVersion(db);
  if (from > latest) {
    throw new StoreError('newer-version', file, `schema version ${from}, this Trail Boss knows up to ${latest}`);
  }
  for (const m of migrations) {
    if (m.version > target) break;
    const step = db.transaction(() => {
      // Re-read under the write lock: another process may have migrated while we waited.
      if (schemaVersion(db) >= m.version) return false;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
      return true;
    });
    if (step.immediate()) options.logger.log('info', 'store.migrated', { file, version: m.version, name: m.name });
  }
  return { from, to: Math.max(from, schemaVersion(db)) };
}

function assertContiguous(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
}
