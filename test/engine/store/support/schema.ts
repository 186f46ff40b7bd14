/** Reads a database's schema back in a comparable shape (migration tests assert on it). */
import Database from 'better-sqlite3';

/** A raw connection on `file` with foreign keys on, as the store opens it. */
export function rawDb(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  return db;
}

/** Table name → column names in order (internal sqlite_ tables excluded). */
export function tables(db: Database.Database): Record<string, string[]> {
  const names = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((r) => r.name);
  return Object.fromEntries(
    names.map((name) => [
      name,
      db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${name}')`)
        .all()
        .map((c) => c.name),
    ]),
  );
}

/** Names of objects of a kind ('index' | 'trigger'), excluding automatic indexes. */
export function objects(db: Database.Database, type: 'index' | 'trigger'): string[] {
  return db
    .prepare<[string], { name: string }>("SELECT name FROM sqlite_schema WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all(type)
    .map((r) => r.name);
}

/** The schema version. */
export function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}
