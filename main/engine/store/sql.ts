/** Small helpers shared by the repositories: the handle type and SQLite ⇄ TypeScript value mapping. */
import type Database from 'better-sqlite3';

/** A better-sqlite3 connection. */
export type Db = Database.Database;

/** SQLite has no boolean: 0/1 in STRICT INTEGER columns. */
export function toBit(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** Parse a JSON column written by the store itself; null stays null. */
export function fromJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/**
 * Run a read-compare-write step under the write lock (IMMEDIATE), so another connection cannot
 * slip a write between our read and our write. Inside an outer transaction it nests as a savepoint.
 */
export function atomically<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}

/** Drop `undefined` values so a patch `{ muted: undefined }` means "leave muted alone". */
export function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}
