/**
 * The Store facade: one SQLite connection, its repositories, and a transaction helper. Every
 * database failure leaves here as a StoreError naming the file.
 */
import { statSync } from 'node:fs';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import { createAuditRepo, type AuditRepo } from './audit-repo.ts';
import { toStoreError } from './errors.ts';
import { createHistoryRepo, type HistoryRepo } from './history-repo.ts';
import { createHooksRepo, type HooksRepo } from './hooks-repo.ts';
import { createItemsRepo, type ItemsRepo } from './items-repo.ts';
import { schemaVersion } from './migrate.ts';
import { createPanesRepo, type PanesRepo } from './panes-repo.ts';
import { createPhoneRepo, type PhoneRepo } from './phone-repo.ts';
import { createSlackRepo, type SlackRepo } from './slack-repo.ts';
import { createResolvedRepo, type ResolvedRepo } from './resolved-repo.ts';
import { createRetentionRepo, type RetentionRepo } from './retention.ts';
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
  /** Row counts and batch deletes of old records (retention.ts). */
  readonly retention: RetentionRepo;
  /** The phone channel: pairing, poll offset, messages, button tokens. */
  readonly phone: PhoneRepo;
  /** The Slack channel: pairing, messages, button tokens. */
  readonly slack: SlackRepo;
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
  /** The database file itself: is it still there, and moving to a recreated one (store/file-guard.ts). */
  readonly storeFile: StoreFile;
}

/** Effective connection settings. `synchronous`: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. */
export interface StorePragmas {
  readonly journalMode: string;
  readonly synchronous: number;
  readonly foreignKeys: boolean;
  readonly busyTimeoutMs: number;
  /** SQLite's `cache_size`: negative is KiB (open-store.ts `PAGE_CACHE_KIB`). */
  readonly cacheSize: number;
}

/** What sits at the database path now, compared with the file the connection opened. */
export type StoreFileCheck = 'same' | 'missing' | 'replaced';

/** The connection's side of a Store: what the store needs to watch its file and move to a new one. */
export interface StoreFile {
  /** Is the file at the path still the one this connection writes to (same device and inode)? */
  check(): StoreFileCheck;
  /** Copy everything the connection holds into `target` (a new file; SQLite's VACUUM INTO). */
  copyTo(target: string): void;
  /**
   * Close the connection, then continue on the one `open` gives (opened and migrated by the
   * caller). Closing first: the old connection's WAL must be gone before a new file takes the path.
   */
  reopen(open: () => Db): void;
}

/** Build the facade over an open, migrated connection. */
export function createStore(db: Db, file: string, deps: { clock: Clock; logger: Logger; newItemId?: () => string }): Store {
  const build = (conn: Db) => ({
    db: conn,
    identity: identityOf(file),
    panes: createPanesRepo(conn),
    items: createItemsRepo({ db: conn, clock: deps.clock, ...(deps.newItemId ? { newId: deps.newItemId } : {}) }),
    resolved: createResolvedRepo(conn),
    watchdog: createWatchdogRepo(conn),
    audit: createAuditRepo(conn, deps.clock),
    hooks: createHooksRepo(conn, deps.clock),
    history: createHistoryRepo(conn),
    retention: createRetentionRepo(conn),
    phone: createPhoneRepo(conn),
    slack: createSlackRepo(conn),
    totalChanges: conn.prepare<[], { n: number }>('SELECT total_changes() AS n'),
  });
  // Repositories are reached through `current`: when the file is recreated (it was deleted while we
  // ran), every holder of `store.items` & co. continues on the new connection without noticing.
  let current = build(db);
  const guard = <K extends 'panes' | 'items' | 'resolved' | 'watchdog' | 'audit' | 'hooks' | 'history' | 'retention' | 'phone' | 'slack'>(
    key: K,
  ) => delegating(() => current[key], file);
  return {
    file,
    panes: guard('panes'),
    items: guard('items'),
    resolved: guard('resolved'),
    watchdog: guard('watchdog'),
    audit: guard('audit'),
    hooks: guard('hooks'),
    history: guard('history'),
    retention: guard('retention'),
    phone: guard('phone'),
    slack: guard('slack'),
    transaction: (fn) => withStoreErrors(file, () => current.db.transaction(fn).immediate()),
    schemaVersion: () => withStoreErrors(file, () => schemaVersion(current.db)),
    totalChanges: () => current.totalChanges.get()!.n,
    pragmas: () =>
      withStoreErrors(file, () => ({
        journalMode: current.db.pragma('journal_mode', { simple: true }) as string,
        synchronous: current.db.pragma('synchronous', { simple: true }) as number,
        foreignKeys: current.db.pragma('foreign_keys', { simple: true }) === 1,
        busyTimeoutMs: current.db.pragma('busy_timeout', { simple: true }) as number,
        cacheSize: current.db.pragma('cache_size', { simple: true }) as number,
      })),
    close: () => {
      if (!current.db.open) return;
      current.db.close();
      deps.logger.log('info', 'store.closed', { file });
    },
    storeFile: {
      check: () => {
        const now = identityOf(file);
        if (now === null) return 'missing';
        return current.identity !== null && now.dev === current.identity.dev && now.ino === current.identity.ino ? 'same' : 'replaced';
      },
      copyTo: (target) => withStoreErrors(file, () => void current.db.prepare('VACUUM INTO ?').run(target)),
      reopen: (open) => {
        if (current.db.open) current.db.close();
        current = build(open());
      },
    },
  };
}

/** Device and inode of the file at `path`, or null when there is none. */
function identityOf(path: string): { dev: number; ino: number } | null {
  try {
    const { dev, ino } = statSync(path);
    return { dev, ino };
  } catch {
    return null;
  }
}

/** Run `fn`, converting database failures into StoreErrors that name `file`. */
export function withStoreErrors<T>(file: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw toStoreError(err, file);
  }
}

/** A repository whose every method runs on the repository `repo()` gives now, with withStoreErrors. */
function delegating<T extends object>(repo: () => T, file: string): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(repo())) {
    wrapped[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => withStoreErrors(file, () => (repo() as Record<string, (...a: unknown[]) => unknown>)[name]!(...args))
        : value;
  }
  return wrapped as T;
}
