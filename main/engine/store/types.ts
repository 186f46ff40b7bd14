/** The store's vocabulary: what a row means to the rest of the engine, in camelCase and real types. */
import type { RuntimeId, Screen } from '../runtimes/types.ts';
import type { PaneKey } from '../sessions/facts.ts';

/** The state of an agent pane as the state machine last decided it. */
export const PANE_STATES = ['working', 'permission', 'dialog', 'idle', 'unknown', 'gone'] as const;
export type PaneState = (typeof PANE_STATES)[number];

/** Per-pane watchdog loop mode: never type, re-inject the directive, or type "continue". */
export const LOOP_MODES = ['paused', 'task-only', 'active'] as const;
export type LoopMode = (typeof LOOP_MODES)[number];

/** Why an item is in the queue. */
export const ITEM_KINDS = ['permission', 'dialog', 'idle', 'unknown', 'stuck-idle', 'gone'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** How an item left the queue. */
export const RESOLUTIONS = [
  'approved',
  'denied',
  'replied',
  'answered-in-pane',
  'recovered',
  'dismissed',
  'restarted',
  'expired',
  'gone',
] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** Which surface asked for an action. `engine` is the engine acting on its own (expiry, recovery). */
export const SURFACES = [
  'cli',
  'tui',
  'tray',
  'queue',
  'notification',
  'hotkey',
  'watchdog',
  'api',
  'engine',
  'telegram',
  'slack',
] as const;
export type Surface = (typeof SURFACES)[number];

/** What the app did to a pane (audit). */
export const AUDIT_ACTIONS = ['key', 'text', 'paste', 'restart', 'nudge', 'wake', 'dismiss', 'outcome'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A watched pane: what the observer saw, what the state machine decided, what the user set. */
export interface Pane {
  readonly paneKey: PaneKey;
  readonly server: string;
  readonly paneId: string;
  readonly target: string;
  readonly runtime: RuntimeId;
  readonly pid: number | null;
  readonly state: PaneState;
  readonly stateSince: number;
  readonly muted: boolean;
  readonly ignored: boolean;
  /** Added by the user because discovery missed it. */
  readonly enrolled: boolean;
  readonly loopMode: LoopMode;
  /** The user chose `loopMode` (paused included); false: never set, the config rules decide. */
  readonly loopModeExplicit: boolean;
  /** The task the pane was given; re-injected in `task-only` loop mode. */
  readonly directive: string | null;
  readonly lastSeen: number;
}

/** User settings on a pane (changed only by user action; giving `loopMode` makes it explicit). */
export type PaneSettings = Pick<Pane, 'muted' | 'ignored' | 'enrolled' | 'loopMode' | 'directive'>;

/** One open attention item (at most one per pane). */
export interface Item {
  readonly id: string;
  readonly paneKey: PaneKey;
  readonly kind: ItemKind;
  /** The parsed screen the user is shown (its fingerprint is what approve re-verifies). */
  readonly prompt: Screen | null;
  readonly fingerprint: string | null;
  /** What it wants, in a few words (the command, the file, the question). */
  readonly summary: string;
  readonly firstSeen: number;
  /** Position in the queue: ascending; skip moves an item past every other. */
  readonly queueOrder: number;
  readonly reminderStep: number;
  readonly nextReminderAt: number | null;
  readonly snoozedUntil: number | null;
  readonly skipCooldownUntil: number | null;
  readonly stuck: boolean;
  readonly claimedBy: string | null;
  readonly claimedAt: number | null;
  readonly expiresAt: number;
  /** Last lines of the pane (with colour codes when captured). */
  readonly tail: readonly string[];
  /** Extra context, e.g. the agent's last assistant message. */
  readonly context: string | null;
}

/** Fields the queue logic may change on an open item (claims have their own atomic calls). */
export type ItemPatch = Partial<
  Pick<
    Item,
    | 'kind'
    | 'prompt'
    | 'fingerprint'
    | 'summary'
    | 'reminderStep'
    | 'nextReminderAt'
    | 'snoozedUntil'
    | 'skipCooldownUntil'
    | 'stuck'
    | 'expiresAt'
    | 'tail'
    | 'context'
  >
>;

/** An item that left the queue, kept for history. */
export interface ResolvedItem {
  readonly id: string;
  readonly paneKey: PaneKey;
  readonly kind: ItemKind;
  readonly prompt: Screen | null;
  readonly fingerprint: string | null;
  readonly summary: string;
  readonly firstSeen: number;
  readonly reminderStep: number;
  readonly stuck: boolean;
  readonly claimedBy: string | null;
  readonly expiresAt: number;
  readonly tail: readonly string[];
  readonly context: string | null;
  readonly resolvedAt: number;
  readonly how: Resolution;
  readonly by: Surface;
}

/** The idle watchdog's backoff state for one pane (survives restarts). */
export interface WatchdogState {
  readonly paneKey: PaneKey;
  readonly nudgesSent: number;
  readonly lastNudgeAt: number | null;
  readonly nextNudgeAt: number | null;
  readonly idleSince: number | null;
  readonly escalated: boolean;
}

/** One audit record: something the app sent into (or did to) a pane. */
export interface AuditEntry {
  readonly id: number;
  readonly at: number;
  readonly paneKey: PaneKey;
  readonly runtime: RuntimeId | null;
  readonly action: AuditAction;
  /** What was sent: key names (`1`, `Escape`) or the text. */
  readonly payload: string;
  readonly reason: string;
  readonly surface: Surface;
  readonly itemId: string | null;
  /** `sending`, `confirmed`, `unconfirmed`, `changed`, `failed: …` — free text chosen by the action. */
  readonly outcome: string | null;
  /** For an `outcome` record: the id of the record it completes (the log is append-only). */
  readonly ref: number | null;
}

/** A span of time a pane waited on a human; `endedAt` null while it still waits. */
export interface WaitInterval {
  readonly id: number;
  readonly paneKey: PaneKey;
  readonly reason: ItemKind;
  readonly startedAt: number;
  readonly endedAt: number | null;
}

/** Hook traffic seen, for `hooks status`. */
export interface HookCounter {
  readonly kind: 'event' | 'rejected';
  /** Hook event name (`Stop`, `PermissionRequest`) or rejection reason (`bad-token`, `too-large`). */
  readonly name: string;
  readonly count: number;
  readonly lastAt: number;
}
