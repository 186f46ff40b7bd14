/** The queue window's state and the pure reducers that change it (named for what happened). */
import type { ActionOutcomeDto, ItemActionDto, OutcomeKindDto, QueueItemDto } from '../../preload/contract/index.ts';
import type { QueueFilter } from './queue-filter.ts';
import { passesFilter } from './queue-filter.ts';

/** What an action ended in: an engine outcome, or `failed` when the call itself failed (engine down, internal error). */
export interface OutcomeNote {
  readonly itemId: string;
  /** The pane's target, kept so a note still reads well after its item left the queue. */
  readonly target: string;
  readonly action: ItemActionDto;
  readonly outcome: OutcomeKindDto | 'failed';
  readonly message: string;
  readonly at: number;
}

export interface QueueState {
  readonly status: 'loading' | 'ready' | 'failed';
  readonly problem: string | null;
  /** In the engine's queue order. */
  readonly items: readonly QueueItemDto[];
  readonly selectedId: string | null;
  /** The action in flight per item: a second click while one runs does nothing. */
  readonly pending: Readonly<Record<string, ItemActionDto>>;
  /** The last outcome per item. */
  readonly outcomes: Readonly<Record<string, OutcomeNote>>;
  /** Newest first, a few, for the status line (items that left the queue included). */
  readonly recent: readonly OutcomeNote[];
  /** Which item has its reply box / snooze menu open. */
  readonly replyFor: string | null;
  readonly snoozeFor: string | null;
  /** Which prompt has its "Deny and tell the agent…" box open. */
  readonly denyMessageFor: string | null;
  readonly connected: boolean;
  /** Targets of items that recently left, so a late outcome event can still name its pane. */
  readonly departed: Readonly<Record<string, string>>;
  /** Which items the list shows. */
  readonly filter: QueueFilter;
}

export const initialQueueState: QueueState = {
  status: 'loading',
  problem: null,
  items: [],
  selectedId: null,
  pending: {},
  outcomes: {},
  recent: [],
  replyFor: null,
  snoozeFor: null,
  denyMessageFor: null,
  connected: true,
  departed: {},
  filter: 'all',
};

const RECENT = 5;
const DEPARTED = 50;

/** Whether an item is hidden by a snooze at `now`. */
export function isSnoozed(item: QueueItemDto, now: number): boolean {
  return item.snoozedUntil !== null && item.snoozedUntil > now;
}

/** The order the list shows: waiting items in queue order, then snoozed ones by wake time; only those the filter passes. */
export function displayOrder(items: readonly QueueItemDto[], now: number, filter: QueueFilter = 'all'): QueueItemDto[] {
  const shown = items.filter((i) => passesFilter(i, filter));
  const waiting = shown.filter((i) => !isSnoozed(i, now));
  const snoozed = shown.filter((i) => isSnoozed(i, now)).sort((a, b) => (a.snoozedUntil ?? 0) - (b.snoozedUntil ?? 0));
  return [...waiting, ...snoozed];
}

/** Keeps the selection on the same item; if it left, on the item that took its place; else the first. */
function reselect(prev: QueueState, items: readonly QueueItemDto[]): string | null {
  if (items.length === 0) return null;
  if (prev.selectedId !== null && items.some((i) => i.id === prev.selectedId)) return prev.selectedId;
  const at = prev.items.findIndex((i) => i.id === prev.selectedId);
  return (items[Math.min(Math.max(at, 0), items.length - 1)] ?? items[0])?.id ?? null;
}

/** Remembers the targets of items that left (the newest few). */
function remember(departed: Readonly<Record<string, string>>, gone: readonly QueueItemDto[]): Readonly<Record<string, string>> {
  if (gone.length === 0) return departed;
  const entries = [
    ...Object.entries(departed).filter(([id]) => !gone.some((g) => g.id === id)),
    ...gone.map((g) => [g.id, g.target] as const),
  ];
  return Object.fromEntries(entries.slice(-DEPARTED));
}

/** The target of an item in the queue or recently departed; null when unknown. */
export function targetOf(s: QueueState, id: string): string | null {
  return s.items.find((i) => i.id === id)?.target ?? s.departed[id] ?? s.outcomes[id]?.target ?? null;
}

/** Drops per-item UI state of items no longer in the queue. */
function withItems(s: QueueState, items: readonly QueueItemDto[]): QueueState {
  const has = (id: string | null) => id !== null && items.some((i) => i.id === id);
  const gone = s.items.filter((i) => !items.some((n) => n.id === i.id));
  return {
    ...s,
    items,
    departed: remember(s.departed, gone),
    selectedId: reselect(s, items),
    replyFor: has(s.replyFor) ? s.replyFor : null,
    snoozeFor: has(s.snoozeFor) ? s.snoozeFor : null,
    denyMessageFor: has(s.denyMessageFor) ? s.denyMessageFor : null,
  };
}

/** The first load (or a reload) answered. */
export function queueLoaded(s: QueueState, items: readonly QueueItemDto[]): QueueState {
  return { ...withItems(s, items), status: 'ready', problem: null };
}

/** Loading the queue failed. */
export function queueLoadFailed(s: QueueState, problem: string): QueueState {
  return { ...s, status: s.status === 'ready' ? 'ready' : 'failed', problem };
}

/** The engine pushed the whole queue. */
export function queueChanged(s: QueueState, items: readonly QueueItemDto[]): QueueState {
  return withItems(s, items);
}

/** A new item joined the tail (or, if known, replaced its old self). */
export function itemAdded(s: QueueState, item: QueueItemDto): QueueState {
  const known = s.items.some((i) => i.id === item.id);
  return withItems(s, known ? s.items.map((i) => (i.id === item.id ? item : i)) : [...s.items, item]);
}

/** An item changed in place (new prompt, reminder step, snooze). */
export function itemUpdated(s: QueueState, item: QueueItemDto): QueueState {
  return itemAdded(s, item);
}

/** An item left the queue. */
export function itemResolved(s: QueueState, id: string): QueueState {
  return withItems(
    s,
    s.items.filter((i) => i.id !== id),
  );
}

/** A reminder fired for an item. */
export function reminderFired(s: QueueState, id: string, step: number, stuck: boolean): QueueState {
  return { ...s, items: s.items.map((i) => (i.id === id ? { ...i, reminderStep: step, stuck } : i)) };
}

/** The user picked an item. */
export function itemSelected(s: QueueState, id: string): QueueState {
  return s.items.some((i) => i.id === id) ? { ...s, selectedId: id } : s;
}

/** The user moved the selection by `delta` rows (clamped), or to the first / last row. */
export function selectionMoved(s: QueueState, to: number | 'first' | 'last', now: number): QueueState {
  const order = displayOrder(s.items, now, s.filter);
  if (order.length === 0) return s;
  const at = order.findIndex((i) => i.id === s.selectedId);
  const clamp = (n: number) => Math.min(Math.max(n, 0), order.length - 1);
  // With nothing selected, any move lands on the first row.
  const target = to === 'last' ? order.length - 1 : to === 'first' || at < 0 ? 0 : clamp(at + to);
  return { ...s, selectedId: order[target]?.id ?? null };
}

/** An action was sent for an item. */
export function actionStarted(s: QueueState, id: string, action: ItemActionDto): QueueState {
  const { [id]: _old, ...outcomes } = s.outcomes;
  return { ...s, pending: { ...s.pending, [id]: action }, outcomes };
}

/** An action answered (ours, or reported by another surface). */
export function actionSettled(s: QueueState, note: OutcomeNote): QueueState {
  const { [note.itemId]: _done, ...pending } = s.pending;
  const head = s.recent[0];
  const duplicate =
    head !== undefined &&
    head.itemId === note.itemId &&
    head.action === note.action &&
    head.outcome === note.outcome &&
    head.message === note.message;
  return {
    ...s,
    pending,
    outcomes: { ...s.outcomes, [note.itemId]: note },
    recent: duplicate ? s.recent : [note, ...s.recent].slice(0, RECENT),
  };
}

/** Builds a note from an engine outcome. */
export function noteOf(outcome: ActionOutcomeDto, target: string, at: number): OutcomeNote {
  return { itemId: outcome.itemId, target, action: outcome.action, outcome: outcome.outcome, message: outcome.message, at };
}

/** The reply box opened on an item (only one at a time; it closes the snooze menu). */
export function replyOpened(s: QueueState, id: string): QueueState {
  return { ...s, replyFor: id, snoozeFor: null, denyMessageFor: null, selectedId: id };
}

/** The snooze menu opened on an item. */
export function snoozeOpened(s: QueueState, id: string): QueueState {
  return { ...s, snoozeFor: id, replyFor: null, denyMessageFor: null, selectedId: id };
}

/** The "Deny and tell the agent…" box opened on a prompt (it closes the reply box and the snooze menu). */
export function denyMessageOpened(s: QueueState, id: string): QueueState {
  return { ...s, denyMessageFor: id, replyFor: null, snoozeFor: null, selectedId: id };
}

/** Reply box, deny-message box or snooze menu closed. */
export function popupsClosed(s: QueueState): QueueState {
  return { ...s, replyFor: null, snoozeFor: null, denyMessageFor: null };
}

/** The event stream went down or came back. */
export function connectionChanged(s: QueueState, connected: boolean): QueueState {
  return { ...s, connected };
}

/** The user chose a filter; a selection the filter hides moves to the first row it shows. */
export function filterChosen(s: QueueState, filter: QueueFilter, now: number): QueueState {
  const order = displayOrder(s.items, now, filter);
  const keep = order.some((i) => i.id === s.selectedId);
  return { ...s, filter, selectedId: keep ? s.selectedId : (order[0]?.id ?? null) };
}
