/**
 * Which engine events make which notification operations. A pure reducer: (state, event) → (state,
 * operations). The Electron layer only performs the operations, so "a reminder replaces", "a
 * resolved item withdraws", "a full queue at start-up gives one summary" and "paused means quiet"
 * and "a host's outage is one notification, its return replaces it" are all decided — and tested — here.
 */
import type { HostChangeDto } from '../../../preload/contract/events.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';
import type { NotificationButton, NotificationText, NotificationUrgency } from './notification-text.ts';
import {
  HOST_CATEGORY,
  hostNotificationTag,
  hostNotificationText,
  itemCategory,
  itemNotificationText,
  itemUrgency,
  notificationButtons,
  notificationTag,
  SUMMARY_CATEGORY,
  SUMMARY_TAG,
  summaryNotificationText,
} from './notification-text.ts';
import { isPaused } from './pause.ts';
import { isSnoozed } from '../sessions/queue.ts';

/** With at least this many items at start-up, one summary is shown instead of one notification each. */
export const STARTUP_SUMMARY_AT = 3;

/** One thing to do to the OS notifications. `show` with an existing tag replaces that notification. */
export type NotificationOp =
  | {
      readonly op: 'show';
      readonly tag: string;
      readonly itemId: string | null;
      readonly text: NotificationText;
      readonly buttons: readonly NotificationButton[];
      readonly silent: boolean;
      readonly urgency: NotificationUrgency;
      /** A freedesktop category (`x-trailboss.permission`); other platforms ignore it. */
      readonly category: string;
    }
  | { readonly op: 'close'; readonly tag: string };

/** What happened, as the policy needs it (the controller turns engine events into these). */
export type NotificationEvent =
  /** The queue as the app found it at launch. */
  | { readonly kind: 'startup'; readonly items: readonly QueueItemDto[] }
  | { readonly kind: 'added'; readonly item: QueueItemDto }
  /** A reminder fired for the item (with its latest state: step, stuck). */
  | { readonly kind: 'reminder'; readonly item: QueueItemDto }
  /** The item changed (a new prompt, another subject): refresh a live notification quietly. */
  | { readonly kind: 'updated'; readonly item: QueueItemDto }
  | { readonly kind: 'resolved'; readonly itemId: string }
  /** The whole queue after any change: withdraws notifications of items that left it or were snoozed. */
  | { readonly kind: 'queue'; readonly items: readonly QueueItemDto[] }
  /** The user closed a notification. */
  | { readonly kind: 'dismissed'; readonly tag: string }
  /** A configured host became unreachable, came back, or was removed (once per change). */
  | { readonly kind: 'host'; readonly change: HostChangeDto };

/** The settings the policy obeys, read at the moment of each event. */
export interface NotificationContext {
  readonly now: number;
  readonly enabled: boolean;
  readonly pausedUntil: number | null;
  readonly sound: boolean;
  /** Approve/Deny buttons: the user wants them and the platform has them (macOS, Windows). */
  readonly buttons: boolean;
}

/** Live notifications: item id → tag, and whether the summary is up. */
export interface NotificationState {
  readonly live: ReadonlyMap<string, string>;
  readonly summary: boolean;
  /** Items the start-up summary covers: an `added` replayed for one of them stays quiet. */
  readonly covered: ReadonlySet<string>;
  /** Hosts whose outage was shown and whose return was not yet: only they get a "back" notification. */
  readonly hostsDown: ReadonlySet<string>;
}

/** The state before anything was shown. */
export const INITIAL_NOTIFICATION_STATE: NotificationState = { live: new Map(), summary: false, covered: new Set(), hostsDown: new Set() };

/** The result of one event. */
export interface NotificationStep {
  readonly state: NotificationState;
  readonly ops: readonly NotificationOp[];
}

function mayShow(ctx: NotificationContext, item?: QueueItemDto): boolean {
  return ctx.enabled && !isPaused(ctx.pausedUntil, ctx.now) && (item === undefined || !isSnoozed(item, ctx.now));
}

function showItem(state: NotificationState, item: QueueItemDto, ctx: NotificationContext, silent: boolean): NotificationStep {
  const tag = notificationTag(item.id);
  const op: NotificationOp = {
    op: 'show',
    tag,
    itemId: item.id,
    text: itemNotificationText(item, ctx.now),
    buttons: ctx.buttons ? notificationButtons(item) : [],
    silent: silent || !ctx.sound,
    urgency: itemUrgency(item),
    category: itemCategory(item),
  };
  const live = new Map(state.live).set(item.id, tag);
  return { state: { ...state, live }, ops: [op] };
}

function close(state: NotificationState, itemIds: readonly string[], closeSummary: boolean): NotificationStep {
  const live = new Map(state.live);
  const ops: NotificationOp[] = [];
  for (const id of itemIds) {
    const tag = live.get(id);
    if (tag === undefined) continue;
    live.delete(id);
    ops.push({ op: 'close', tag });
  }
  if (closeSummary && state.summary) ops.push({ op: 'close', tag: SUMMARY_TAG });
  return { state: { ...state, live, summary: state.summary && !closeSummary }, ops };
}

const nothing = (state: NotificationState): NotificationStep => ({ state, ops: [] });

/**
 * A host's change. The outage shows once under the host's tag; its return replaces it with "back"
 * (quietly when notifications are off or paused meanwhile: then the outage is only withdrawn, so no
 * stale "unreachable" stays up); a removed host's outage is withdrawn. A return nobody was told the
 * outage of says nothing.
 */
function hostStep(state: NotificationState, change: HostChangeDto, ctx: NotificationContext): NotificationStep {
  const tag = hostNotificationTag(change.host);
  const wasDown = state.hostsDown.has(change.host);
  const hostsDown = new Set(state.hostsDown);
  const show = (silent: boolean, urgency: NotificationUrgency): NotificationStep => {
    const text = hostNotificationText(change);
    if (text === null) return nothing(state);
    return {
      state: { ...state, hostsDown },
      ops: [{ op: 'show', tag, itemId: null, text, buttons: [], silent: silent || !ctx.sound, urgency, category: HOST_CATEGORY }],
    };
  };
  switch (change.state) {
    case 'unreachable':
      if (!mayShow(ctx)) return nothing(state);
      hostsDown.add(change.host);
      // Announced again while shown (it should not be): replace quietly.
      return show(wasDown, 'normal');
    case 'reachable':
    case 'removed':
      if (!wasDown) return nothing(state);
      hostsDown.delete(change.host);
      if (change.state === 'reachable' && mayShow(ctx)) return show(false, 'low');
      return { state: { ...state, hostsDown }, ops: [{ op: 'close', tag }] };
    default:
      return assertNever(change);
  }
}

/** Applies one event. */
export function notificationStep(state: NotificationState, event: NotificationEvent, ctx: NotificationContext): NotificationStep {
  switch (event.kind) {
    case 'startup': {
      const waiting = event.items.filter((i) => !isSnoozed(i, ctx.now));
      if (!mayShow(ctx) || waiting.length === 0) return nothing(state);
      if (waiting.length < STARTUP_SUMMARY_AT) {
        return waiting.reduce<NotificationStep>((acc, item) => {
          const next = showItem(acc.state, item, ctx, false);
          return { state: next.state, ops: [...acc.ops, ...next.ops] };
        }, nothing(state));
      }
      const text = summaryNotificationText(waiting);
      const op: NotificationOp = {
        op: 'show',
        tag: SUMMARY_TAG,
        itemId: null,
        text,
        buttons: [],
        silent: !ctx.sound,
        urgency: 'normal',
        category: SUMMARY_CATEGORY,
      };
      return { state: { ...state, summary: true, covered: new Set(waiting.map((i) => i.id)) }, ops: [op] };
    }
    case 'added':
      if (state.covered.has(event.item.id) || !mayShow(ctx, event.item)) return nothing(state);
      return showItem(state, event.item, ctx, false);
    case 'reminder':
      // A reminder re-announces (with sound) under the same tag: it replaces, never stacks.
      return mayShow(ctx, event.item) ? showItem(state, event.item, ctx, false) : nothing(state);
    case 'updated':
      // Only a notification that is up gets refreshed (its buttons carry the prompt's fingerprint).
      return state.live.has(event.item.id) && mayShow(ctx, event.item) ? showItem(state, event.item, ctx, true) : nothing(state);
    case 'resolved':
      return close(state, [event.itemId], false);
    case 'queue': {
      const waiting = new Set(event.items.filter((i) => !isSnoozed(i, ctx.now)).map((i) => i.id));
      const gone = [...state.live.keys()].filter((id) => !waiting.has(id));
      return close(state, gone, waiting.size === 0);
    }
    case 'host':
      return hostStep(state, event.change, ctx);
    case 'dismissed': {
      if (event.tag === SUMMARY_TAG) return { state: { ...state, summary: false }, ops: [] };
      const live = new Map([...state.live].filter(([, tag]) => tag !== event.tag));
      return { state: { ...state, live }, ops: [] };
    }
    default:
      return assertNever(event);
  }
}
