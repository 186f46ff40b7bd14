/**
 * Open attention items, one per pane, in queue order. Claims are single atomic UPDATEs so two
 * clicks — even from two processes — give one winner; resolving moves the row to resolved_items
 * in one transaction.
 */
import type { Clock } from '../platform/clock.ts';
import type { Screen } from '../runtimes/types.ts';
import type { PaneKey } from '../sessions/facts.ts';
import { randomItemId } from './item-id.ts';
import { mapResolvedRow, type ResolvedRow } from './resolved-repo.ts';
import { fromItemRow, toWritable, type ItemRow, type Writable } from './item-row.ts';
import { compareBinary, RowCache } from './row-cache.ts';
import { atomically, definedOnly, type Db } from './sql.ts';
import type { Item, ItemKind, ItemPatch, ResolvedItem, Resolution, Surface } from './types.ts';

/** What opening an item needs; scheduling fields start empty unless given. */
export interface NewItem {
  readonly paneKey: PaneKey;
  readonly kind: ItemKind;
  readonly prompt: Screen | null;
  readonly fingerprint: string | null;
  readonly summary: string;
  readonly firstSeen: number;
  readonly expiresAt: number;
  readonly nextReminderAt?: number | null;
  readonly tail?: readonly string[];
  readonly context?: string | null;
}

/** Items repository. */
export interface ItemsRepo {
  /** Open an item for a pane; if the pane already has one, return it untouched (`created: false`). */
  open(item: NewItem): { readonly item: Item; readonly created: boolean };
  get(id: string): Item | null;
  byPane(paneKey: PaneKey): Item | null;
  /** Every open item, queue order (oldest first, skipped ones at the tail). */
  list(): Item[];
  /** Apply a patch; false (and no write) when every field already has that value or the item is gone. */
  update(id: string, patch: ItemPatch): boolean;
  /** Move the item behind every other and set its skip cooldown. */
  skipToTail(id: string, cooldownUntil: number | null): boolean;
  /** Take the item for one action; true for exactly one caller until released or resolved. */
  claim(id: string, by: string): boolean;
  /** Give a claim back (only its holder can). */
  release(id: string, by: string): boolean;
  /** Release claims taken before `at` (a crashed action must not hold an item forever). */
  releaseClaimsBefore(at: number): number;
  /** Move the item to resolved_items; null if it is no longer open (someone else resolved it). */
  resolve(id: string, how: Resolution, by: Surface, at?: number): ResolvedItem | null;
}

/** Dependencies: the connection, the clock for claim/resolve stamps, the id source (tests inject). */
export interface ItemsRepoDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly newId?: () => string;
}

/** Build the items repository. */
export function createItemsRepo({ db, clock, newId = randomItemId }: ItemsRepoDeps): ItemsRepo {
  const byId = db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id = ?');
  const byPaneKey = db.prepare<[string], ItemRow>('SELECT * FROM items WHERE pane_key = ?');
  const all = db.prepare<[], ItemRow>('SELECT * FROM items ORDER BY queue_order, first_seen, id');
  const idTaken = db.prepare<[string, string], { one: number }>(
    'SELECT 1 AS one FROM items WHERE id = ? UNION ALL SELECT 1 FROM resolved_items WHERE id = ?',
  );
  const maxOrder = db.prepare<[], { m: number }>('SELECT COALESCE(MAX(queue_order), 0) AS m FROM items');
  const insert = db.prepare(
    `INSERT INTO items (id, pane_key, kind, prompt_json, fingerprint, summary, first_seen, queue_order,
       next_reminder_at, expires_at, tail_json, context)
     VALUES (@id, @paneKey, @kind, @promptJson, @fingerprint, @summary, @firstSeen, @queueOrder,
       @nextReminderAt, @expiresAt, @tailJson, @context)`,
  );
  // Claim columns are deliberately absent: a patch must never overwrite another connection's claim.
  const updateRow = db.prepare(
    `UPDATE items SET kind = @kind, prompt_json = @promptJson, fingerprint = @fingerprint, summary = @summary,
       reminder_step = @reminderStep, next_reminder_at = @nextReminderAt, snoozed_until = @snoozedUntil,
       skip_cooldown_until = @skipCooldownUntil, stuck = @stuck, expires_at = @expiresAt,
       tail_json = @tailJson, context = @context
     WHERE id = @id`,
  );
  const setOrder = db.prepare('UPDATE items SET queue_order = ?, skip_cooldown_until = ? WHERE id = ?');
  const claimRow = db.prepare('UPDATE items SET claimed_by = ?, claimed_at = ? WHERE id = ? AND claimed_by IS NULL');
  const releaseRow = db.prepare('UPDATE items SET claimed_by = NULL, claimed_at = NULL WHERE id = ? AND claimed_by = ?');
  const releaseOld = db.prepare('UPDATE items SET claimed_by = NULL, claimed_at = NULL WHERE claimed_by IS NOT NULL AND claimed_at < ?');
  const moveToResolved = db.prepare(
    `INSERT INTO resolved_items (id, pane_key, kind, prompt_json, fingerprint, summary, first_seen,
       reminder_step, stuck, claimed_by, expires_at, tail_json, context, resolved_at, how, resolved_by)
     SELECT id, pane_key, kind, prompt_json, fingerprint, summary, first_seen,
       reminder_step, stuck, claimed_by, expires_at, tail_json, context, ?, ?, ?
     FROM items WHERE id = ?`,
  );
  const deleteRow = db.prepare('DELETE FROM items WHERE id = ?');
  const resolvedById = db.prepare<[string], ResolvedRow>('SELECT * FROM resolved_items WHERE id = ?');

  // The queue is read whole on every change; rows are read again only after they were written.
  const cache = new RowCache<Item>(db, {
    all: () => all.all().map(fromItemRow),
    one: (id) => mapOrNull(byId.get(id)),
    keyOf: (item) => item.id,
    order: (a, b) => a.queueOrder - b.queueOrder || a.firstSeen - b.firstSeen || compareBinary(a.id, b.id),
  });

  const freshId = (): string => {
    // 40 random bits make a clash vanishingly rare; checking both tables makes it impossible,
    // so an id a user typed yesterday never names a different item today.
    for (let attempt = 0; attempt < 16; attempt++) {
      const id = newId();
      if (!idTaken.get(id, id)) return id;
    }
    throw new Error('Could not find a free item id after 16 attempts');
  };

  return {
    open: (item) =>
      atomically(db, () => {
        const existing = byPaneKey.get(item.paneKey);
        if (existing) return { item: fromItemRow(existing), created: false };
        const id = freshId();
        cache.touch(id);
        insert.run({
          id,
          paneKey: item.paneKey,
          kind: item.kind,
          promptJson: item.prompt === null ? null : JSON.stringify(item.prompt),
          fingerprint: item.fingerprint,
          summary: item.summary,
          firstSeen: item.firstSeen,
          queueOrder: (maxOrder.get()?.m ?? 0) + 1,
          nextReminderAt: item.nextReminderAt ?? null,
          expiresAt: item.expiresAt,
          tailJson: JSON.stringify(item.tail ?? []),
          context: item.context ?? null,
        });
        return { item: fromItemRow(byId.get(id)!), created: true };
      }),
    get: (id) => cache.get(id),
    // In a transaction the cache reads the whole table again; the pane's index finds its one row.
    byPane: (paneKey) => (db.inTransaction ? mapOrNull(byPaneKey.get(paneKey)) : cache.find((item) => item.paneKey === paneKey)),
    list: () => cache.list(),
    update: (id, patch) =>
      atomically(db, () => {
        const row = byId.get(id);
        if (!row) return false;
        const next = toWritable({ ...fromItemRow(row), ...definedOnly(patch) });
        const current = toWritable(fromItemRow(row));
        if (Object.keys(next).every((k) => next[k as keyof Writable] === current[k as keyof Writable])) return false;
        cache.touch(id);
        updateRow.run({ id, ...next });
        return true;
      }),
    skipToTail: (id, cooldownUntil) =>
      atomically(db, () => {
        const row = byId.get(id);
        if (!row) return false;
        const max = maxOrder.get()?.m ?? 0;
        const order = row.queue_order === max ? max : max + 1;
        if (order === row.queue_order && cooldownUntil === row.skip_cooldown_until) return false;
        cache.touch(id);
        setOrder.run(order, cooldownUntil, id);
        return true;
      }),
    claim: (id, by) => {
      cache.touch(id);
      return claimRow.run(by, clock.now(), id).changes === 1;
    },
    release: (id, by) => {
      cache.touch(id);
      return releaseRow.run(id, by).changes === 1;
    },
    releaseClaimsBefore: (at) => {
      cache.touchAll();
      return releaseOld.run(at).changes;
    },
    resolve: (id, how, by, at = clock.now()) =>
      atomically(db, () => {
        cache.touch(id);
        if (moveToResolved.run(at, how, by, id).changes === 0) return null;
        deleteRow.run(id);
        return mapResolvedRow(resolvedById.get(id)!);
      }),
  };
}

function mapOrNull(row: ItemRow | undefined): Item | null {
  return row ? fromItemRow(row) : null;
}
