/** One item of the attention queue: an agent that needs a human. Plain JSON-able data (the store keeps it). */
import type { DialogScreen, PermissionPrompt, RuntimeId } from '../runtimes/types.ts';
import type { PaneKey } from './facts.ts';
import type { HookRequest } from './pane-state.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';

/** Why an item waits; mirrors the contract's WaitReasonDto. `idle-after-nudges`: the watchdog gave up. */
export type WaitReason = 'permission' | 'dialog' | 'unknown' | 'idle' | 'idle-after-nudges';

/**
 * How an item left the queue without an action: `answered-in-pane` (someone answered in the
 * terminal), `recovered` (an unexplained screen became explained), `gone` (pane or process died —
 * never stuck), `dismissed` (the pane was muted, or its idle wait was handed to the watchdog).
 * Actions add approved/denied/replied/restarted; the store adds expired.
 */
export type Resolution = 'answered-in-pane' | 'recovered' | 'gone' | 'dismissed';

/** Queue position fields (see queue.ts). */
export interface QueueFields {
  readonly id: string;
  /** When the wait was first detected (epoch ms): the reminder cadence counts from here. */
  readonly firstSeen: number;
  /** Sort key: `firstSeen` at first, moved past every other item by skip. */
  readonly queueOrder: number;
  /** After a skip: not offered as next/oldest before this, unless nothing else waits. */
  readonly skipCooldownUntil: number | null;
  /** Hidden until then. */
  readonly snoozedUntil: number | null;
}

/** Reminder fields (see reminders/cadence.ts). */
export interface ReminderFields {
  readonly id: string;
  readonly firstSeen: number;
  /** Index of the last cadence step that fired; 0 = the first notice (fired when the item opens). */
  readonly reminderStep: number;
  /** All cadence steps fired and it still waits. */
  readonly stuck: boolean;
  readonly snoozedUntil: number | null;
}

/** An open attention item. */
export interface AttentionItem extends QueueFields, ReminderFields {
  readonly paneKey: PaneKey;
  readonly runtime: RuntimeId;
  readonly reason: WaitReason;
  /** Identity of the prompt it shows; null for hook-only permissions and for idle/unknown. */
  readonly fingerprint: string | null;
  readonly prompt: PermissionPrompt | DialogScreen | null;
  readonly hookRequest: HookRequest | null;
  readonly tail: readonly string[];
  /** Nudges the watchdog sent before giving up (for `idle-after-nudges`), else 0. */
  readonly nudges: number;
}

/** An item not yet stored: the store assigns the id. */
export type ItemDraft = Omit<AttentionItem, 'id'>;

/** The store's id goes on a draft. */
export function withId(draft: ItemDraft, id: string): AttentionItem {
  return { ...draft, id };
}

/** A short human phrase for the reason ("idle after 3 nudges"). */
export function reasonText(reason: WaitReason, nudges = 0): string {
  switch (reason) {
    case 'permission':
      return 'wants permission';
    case 'dialog':
      return 'asks a question';
    case 'unknown':
      return 'needs a look';
    case 'idle':
      return 'idle';
    case 'idle-after-nudges':
      return `idle after ${nudges} nudge${nudges === 1 ? '' : 's'}`;
    default:
      return assertNever(reason);
  }
}
