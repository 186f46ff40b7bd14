/** Counters of hook traffic for `hooks status`: last time each hook event arrived, rejections by reason. */
import type { Clock } from '../platform/clock.ts';
import type { Db } from './sql.ts';
import type { HookCounter } from './types.ts';

/** Hook counters repository. */
export interface HooksRepo {
  /** Count one accepted hook event (`Stop`, `PermissionRequest`, …). */
  recordEvent(event: string, at?: number): void;
  /** Count one rejected payload (`bad-token`, `too-large`, `bad-json`, …). */
  recordRejected(reason: string, at?: number): void;
  /** Every counter, events first, by name. */
  list(): HookCounter[];
}

interface CounterRow {
  kind: 'event' | 'rejected';
  name: string;
  count: number;
  last_at: number;
}

/** Build the hook counters repository. */
export function createHooksRepo(db: Db, clock: Clock): HooksRepo {
  const bump = db.prepare(
    `INSERT INTO hook_counters (kind, name, count, last_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (kind, name) DO UPDATE SET count = count + 1, last_at = MAX(last_at, excluded.last_at)`,
  );
  const all = db.prepare<[], CounterRow>('SELECT * FROM hook_counters ORDER BY kind, name');
  return {
    recordEvent: (event, at = clock.now()) => void bump.run('event', event, at),
    recordRejected: (reason, at = clock.now()) => void bump.run('rejected', reason, at),
    list: () => all.all().map((r) => ({ kind: r.kind, name: r.name, count: r.count, lastAt: r.last_at })),
  };
}
