/**
 * Store failures sorted into kinds the app can react to (Signal Desktop style). Every message names
 * the database file, and none of them ever leads to the file being recreated or deleted.
 */
import Database from 'better-sqlite3';

/** What went wrong with the database, as far as the app needs to know. */
export type StoreErrorKind = 'corrupt' | 'locked' | 'read-only' | 'newer-version' | 'io';

/** A database failure the user must hear about; `file` is the database path. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly kind: StoreErrorKind;
  readonly file: string;

  constructor(kind: StoreErrorKind, file: string, detail: string, options?: { cause?: unknown }) {
    super(`${headline(kind, file)}: ${detail}`, options);
    this.kind = kind;
    this.file = file;
  }
}

function headline(kind: StoreErrorKind, file: string): string {
  switch (kind) {
    case 'corrupt':
      return `Database ${file} is corrupt or not a Trail Boss database (left untouched; move it aside to start fresh)`;
    case 'locked':
      return `Database ${file} is locked by another process`;
    case 'read-only':
      return `Database ${file} is read-only`;
    case 'newer-version':
      return `Database ${file} was written by a newer Trail Boss (left untouched; upgrade Trail Boss to open it)`;
    case 'io':
      return `Database ${file} could not be read or written`;
  }
}

/**
 * Turn an error thrown by better-sqlite3 or the file system into a StoreError. Errors that are bugs
 * in our own SQL (syntax, constraint) are returned unchanged: they must surface as bugs, not as a
 * "your database is broken" message.
 */
export function toStoreError(err: unknown, file: string): unknown {
  if (err instanceof StoreError) return err;
  const kind = kindOf(err);
  if (kind === null) return err;
  const detail = err instanceof Error ? err.message : String(err);
  return new StoreError(kind, file, detail, { cause: err });
}

function kindOf(err: unknown): StoreErrorKind | null {
  if (err instanceof Database.SqliteError) return kindOfSqliteCode(err.code);
  if (err instanceof Error && 'code' in err && typeof err.code === 'string') {
    // Node fs errors (mkdir of the data dir, reading the header) carry errno names.
    if (err.code === 'EROFS') return 'read-only';
    if (/^E[A-Z]+$/.test(err.code)) return 'io';
  }
  return null;
}

/** Map a SQLite result code name (`SQLITE_BUSY_SNAPSHOT`, …) to a kind; null for programming errors. */
export function kindOfSqliteCode(code: string): StoreErrorKind | null {
  const primary = code.split('_').slice(0, 2).join('_');
  switch (primary) {
    case 'SQLITE_NOTADB':
    case 'SQLITE_CORRUPT':
      return 'corrupt';
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return 'locked';
    case 'SQLITE_READONLY':
      return 'read-only';
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_IOERR':
    case 'SQLITE_FULL':
    case 'SQLITE_PERM':
    case 'SQLITE_NOLFS':
      return 'io';
    default:
      return null;
  }
}
