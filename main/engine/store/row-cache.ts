/**
 * A read-through copy of one table's rows. The queue is read whole on every change (hundreds of rows,
 * each with JSON columns), and almost none of it changed since the last read: re-reading and re-parsing
 * it all was most of what the engine spent with a large fleet.
 *
 * Correctness rules, in order of how they are checked:
 * - inside a transaction every read goes to SQLite and nothing is kept: a rollback must not leave rows
 *   here that were never committed;
 * - a commit by any other connection (another process, `PRAGMA data_version`) drops everything;
 * - every write through this connection marks its row stale first (`touch`), or all rows when it cannot
 *   name them (`touchAll`); stale rows are read again on the next read, after the write has committed
 *   or rolled back — so a row here is always what SQLite holds.
 */
import type { Db } from './sql.ts';

/** How one table's rows are read and ordered. */
export interface RowSource<V> {
  /** Every row, mapped. */
  readonly all: () => V[];
  /** One row by key, mapped; null when there is none. */
  readonly one: (key: string) => V | null;
  readonly keyOf: (row: V) => string;
  /** The order `all` returns (the table's ORDER BY), applied again after stale rows were re-read. */
  readonly order: (a: V, b: V) => number;
}

/** The rows of one table, kept while nothing changed them. Rows are shared: they must be immutable. */
export class RowCache<V> {
  private rows: Map<string, V> | null = null;
  /** The rows in the table's order, kept in order row by row (a full sort of long keys per write added up). */
  private sorted: V[] = [];
  private readonly stale = new Set<string>();
  private readonly dataVersion: () => number;
  private version = -1;

  constructor(
    private readonly db: Db,
    private readonly source: RowSource<V>,
  ) {
    const statement = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.dataVersion = () => statement.get()!;
  }

  /** Every row, in the table's order (a fresh array). */
  list(): V[] {
    if (this.db.inTransaction) return this.source.all();
    this.refresh();
    return [...this.sorted];
  }

  /** One row by key. */
  get(key: string): V | null {
    if (this.db.inTransaction) return this.source.one(key);
    return this.refresh().get(key) ?? null;
  }

  /** The first row (in the table's order) that passes `test`. */
  find(test: (row: V) => boolean): V | null {
    if (this.db.inTransaction) return this.source.all().find(test) ?? null;
    this.refresh();
    return this.sorted.find(test) ?? null;
  }

  /** Row `key` is about to be written (or may have been): read it again before it is used. */
  touch(key: string): void {
    if (this.rows) this.stale.add(key);
  }

  /** Rows that cannot be named are about to be written: read everything again. */
  touchAll(): void {
    this.rows = null;
    this.stale.clear();
  }

  private refresh(): Map<string, V> {
    const version = this.dataVersion();
    if (version !== this.version) this.touchAll();
    this.version = version;
    if (!this.rows) {
      const all = this.source.all();
      this.rows = new Map(all.map((row) => [this.source.keyOf(row), row]));
      this.sorted = all;
      this.stale.clear();
      return this.rows;
    }
    for (const key of this.stale) {
      const before = this.rows.get(key);
      const row = this.source.one(key);
      if (before && row && this.source.order(before, row) === 0) {
        this.sorted[this.sorted.indexOf(before)] = row;
      } else {
        if (before) this.sorted.splice(this.sorted.indexOf(before), 1);
        if (row) this.sorted.splice(this.insertionPoint(row), 0, row);
      }
      if (row) this.rows.set(key, row);
      else this.rows.delete(key);
    }
    this.stale.clear();
    return this.rows;
  }

  /** Where `row` goes in `sorted` (after its equals, as a stable sort would put a newcomer). */
  private insertionPoint(row: V): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.source.order(this.sorted[mid]!, row) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * SQLite's BINARY order of two strings (their UTF-8 bytes), which is code point order. JavaScript's
 * `<` compares UTF-16 units, which differs only where a surrogate pair meets a unit at or above U+E000.
 */
export function compareBinary(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Surrogates sort after every other BMP unit in code point order. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}
