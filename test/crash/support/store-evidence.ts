/**
 * What the engine left on disk, read after its daemon stopped: the database (read-only) and the
 * lock and endpoint files a killed daemon leaves behind.
 */
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { readEndpointFile } from '../../../main/engine/http/endpoint-file.ts';
import type { AuditEvidence } from './key-evidence.ts';
import type { ItemTimes } from './reminder-evidence.ts';

/** The database's view at the end of a run. */
export interface StoreEvidence {
  readonly audit: readonly AuditEvidence[];
  /** Every item ever opened (open and resolved). */
  readonly items: readonly (ItemTimes & {
    readonly paneKey: string;
    readonly kind: string;
    readonly open: boolean;
    readonly how: string | null;
  })[];
}

/** Read the audit log and items from a stopped engine's database, read-only. */
export function readStore(file: string): StoreEvidence {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const audit = db
      .prepare<[], { id: number; at: number; pane_key: string; action: string; payload: string; reason: string }>(
        'SELECT id, at, pane_key, action, payload, reason FROM audit ORDER BY id',
      )
      .all()
      .map((r) => ({ id: r.id, at: r.at, paneKey: r.pane_key, action: r.action, payload: r.payload, reason: r.reason }));
    const items = db
      .prepare<[], { id: string; first_seen: number; pane_key: string; kind: string; open: number; how: string | null }>(
        `SELECT id, first_seen, pane_key, kind, 1 AS open, NULL AS how FROM items
         UNION ALL SELECT id, first_seen, pane_key, kind, 0 AS open, how FROM resolved_items`,
      )
      .all()
      .map((r) => ({ id: r.id, firstSeen: r.first_seen, paneKey: r.pane_key, kind: r.kind, open: r.open === 1, how: r.how }));
    return { audit, items };
  } finally {
    db.close();
  }
}

/** What a killed daemon left: the lock's pid and the endpoint's pid (null when the file is absent). */
export interface LeftBehind {
  readonly lockPid: number | null;
  readonly endpointPid: number | null;
}

/** Look at the lock and endpoint files of a home. */
export function leftBehind(lockFile: string, endpointFile: string): LeftBehind {
  // The lock holds "<pid> <nonce>" (platform/engine-lock.ts); older locks held the pid alone.
  const lockPid = existsSync(lockFile) ? Number(readFileSync(lockFile, 'utf8').trim().split(/\s+/)[0]) : null;
  return { lockPid, endpointPid: readEndpointFile(endpointFile)?.pid ?? null };
}
