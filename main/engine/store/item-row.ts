/** Mapping between an items row and an Item, both ways (kept apart from the repository's SQL). */
import type { Screen } from '../runtimes/types.ts';
import { fromJson, toBit } from './sql.ts';
import type { Item, ItemKind } from './types.ts';

/** An items row as SQLite returns it. */
export interface ItemRow {
  id: string;
  pane_key: string;
  kind: string;
  prompt_json: string | null;
  fingerprint: string | null;
  summary: string;
  first_seen: number;
  queue_order: number;
  reminder_step: number;
  next_reminder_at: number | null;
  snoozed_until: number | null;
  skip_cooldown_until: number | null;
  stuck: number;
  claimed_by: string | null;
  claimed_at: number | null;
  expires_at: number;
  tail_json: string;
  context: string | null;
}

/** The item's columns as the UPDATE statement binds them; compared field by field for write-on-change. */
export type Writable = {
  kind: string;
  promptJson: string | null;
  fingerprint: string | null;
  summary: string;
  reminderStep: number;
  nextReminderAt: number | null;
  snoozedUntil: number | null;
  skipCooldownUntil: number | null;
  stuck: 0 | 1;
  expiresAt: number;
  tailJson: string;
  context: string | null;
};

export function toWritable(i: Item): Writable {
  return {
    kind: i.kind,
    promptJson: i.prompt === null ? null : JSON.stringify(i.prompt),
    fingerprint: i.fingerprint,
    summary: i.summary,
    reminderStep: i.reminderStep,
    nextReminderAt: i.nextReminderAt,
    snoozedUntil: i.snoozedUntil,
    skipCooldownUntil: i.skipCooldownUntil,
    stuck: toBit(i.stuck),
    expiresAt: i.expiresAt,
    tailJson: JSON.stringify(i.tail),
    context: i.context,
  };
}

export function fromItemRow(r: ItemRow): Item {
  return {
    id: r.id,
    paneKey: r.pane_key,
    kind: r.kind as ItemKind,
    prompt: fromJson<Screen>(r.prompt_json),
    fingerprint: r.fingerprint,
    summary: r.summary,
    firstSeen: r.first_seen,
    queueOrder: r.queue_order,
    reminderStep: r.reminder_step,
    nextReminderAt: r.next_reminder_at,
    snoozedUntil: r.snoozed_until,
    skipCooldownUntil: r.skip_cooldown_until,
    stuck: r.stuck === 1,
    claimedBy: r.claimed_by,
    claimedAt: r.claimed_at,
    expiresAt: r.expires_at,
    tail: fromJson<string[]>(r.tail_json) ?? [],
    context: r.context,
  };
}
