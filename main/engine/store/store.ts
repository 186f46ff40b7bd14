/**
 * The Store facade: one SQLite connection, its repositories, and a transaction helper. Every
 * database failure leaves here as a StoreError naming the file.
 */
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import { createAuditRepo, type AuditRepo } from './audit-repo.ts';
import { toStoreError } from './errors.ts';
import { createHistoryRepo, type HistoryRepo } from './history-repo.ts';
import { createHooksRepo, type HooksRepo } from './hooks-repo.ts';
import { createItemsRepo, type ItemsRepo } from './items-repo.ts';
import { schemaVersion } from './migrate.ts';
import { createPanesRepo, type PanesRepo } from './panes-repo.ts';
import { createResolvedRepo, type ResolvedRepo } from './resolved-repo.ts';
import type { Db } from './sql.ts';
import { createWatchdogRepo, type WatchdogRepo } from './watchdog-repo.ts';

/** Everything in flight, persisted. Use one Store per process; close it on shutdown. */
export interface Store {
  /** The database file (named in every error). */
  readonly file: string;
  readonly panes: PanesRepo;
  readonly items: ItemsRepo;
  readonly resolved: ResolvedRepo;
  readonly watchdog: WatchdogRepo;
  readonly audit: AuditRepo;
  readonly hooks: HooksRepo;
  readonly history: HistoryRepo;
  /** Run `fn` (synchronous!) as one IMMEDIATE transaction: all of its writes or none. Nests. */
  transaction<T>(fn: () => T): T;
  /** The schema version (`PRAGMA user_version`). */
  schemaVersion(): number;
  /** Rows changed through this connection since it opened (write-on-change checks, diagnostics). */
  totalChanges(): number;
  /** The connection's effective settings (diagnostics for `status`; tests check the pragmas took). */
  pragmas(): StorePragmas;
  /** Close the connection (checkpoints the WAL). Idempotent. */
  close(): void;
}

/** Effective connection settings. `synchronous`: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. */
export interface StorePragmas {
  readonly journalMode: string;
  readonly synchronous: number;
  readonly foreignKeys: boolean;
  readonly busyTimeoutMs: number;
}

/** Build the facade over an open, migrated connection. */
export function createStore(db: Db, file: string, deps: { clock: Clock; logger: Logger; newItemId?: () => string }): Store {
  const guard = <T extends object>(repo: T): T => guarded(repo, file);
  const totalChanges = db.prepare<[], { n: number }>('SELECT total_changes() AS n');
  return {
    file,
    panes: guard(createPanesRepo(db)),
    items: guard(createItemsRepo({ db, clock: deps.clock, ...(deps.newItemId ? { newId: deps.newItemId } : {}) })),
    resolved: guard(createResolvedRepo(db)),
    watchdog: guard(createWatchdogRepo(db)),
    audit: guard(createAuditRepo(db, deps.clock)),
    hooks: guard(createHooksRepo(db, deps.clock)),
    history: guard(createHistoryRepo(db)),
    transaction: (fn) => withStoreErrors(file, () => db.transaction(fn).immediate()),
    schemaVersion: () => withStoreErrors(file, () => schemaVersion(db)),
    totalChanges: () => totalChanges.get()!.n,
    pragmas: () =>
      withStoreErrors(file, () => ({
        journalMode: db.pragma('journal_mode', { simple: true }) as string,
        synchronous: db.pragma('synchronous', { simple: true }) as number,
        foreignKeys: db.pragma('foreign_keys', { simple: true }) === 1,
        busyTimeoutMs: db.pragma('busy_timeout', { simple: true }) as number,
      })),
    close: () => {
      if (!db.open) return;
      db.close();
      deps.logger.log('info', 'store.closed', { file });
    },
  };
}

/** Run `fn`, converting database failures into StoreErrors that name `file`. */
export function withStoreErrors<T>(file: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw toStoreError(err, file);
  }
}

/** Wrap every method of a repository with withStoreErrors, keeping its type. */
function guarded<T extends object>(repo: T, file: string): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(repo)) {
    wrapped[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => withStoreErrors(file, () => (value as (...a: unknown[]) => unknown)(...args))
        : value;
  }
  return wrapped as T;
}
