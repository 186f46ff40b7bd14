/**
 * Fires reminders for open items with one timer, armed for the earliest due item and re-armed on
 * every change. Holds only the reminder fields; the owner persists what the events report.
 */
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { ReminderFields } from '../sessions/attention-item.ts';
import { DEFAULT_CADENCE_MS, nextReminder } from './cadence.ts';

/** A step fired. `stuck`: the last step — the item is now stuck. Persist `step` as the item's reminderStep. */
export interface ReminderEvent {
  readonly kind: 'reminder' | 'stuck';
  readonly itemId: string;
  readonly step: number;
  /** Steps passed over by a catch-up (after a restart or a snooze); 0 on schedule. */
  readonly skipped: number;
  readonly at: number;
}

/** What the scheduler needs. */
export interface ReminderSchedulerOptions {
  readonly clock: Clock;
  readonly onEvent: (event: ReminderEvent) => void;
  readonly cadence?: readonly number[];
}

/** One timer for all reminders. `dispose()` leaves no timer behind. */
export class ReminderScheduler {
  private readonly items = new Map<string, ReminderFields>();
  /**
   * When each item's next step is due (absent: nothing more fires), computed when the item or the
   * cadence changes — re-arming on every change of a long queue must not plan every item again.
   */
  private readonly due = new Map<string, number>();
  private cadence: readonly number[];
  private timer: TimerHandle | null = null;
  private disposed = false;

  constructor(private readonly opts: ReminderSchedulerOptions) {
    this.cadence = opts.cadence ?? DEFAULT_CADENCE_MS;
  }

  /**
   * Add an item or replace its fields (snooze, restore from the store), then re-arm. A step never
   * goes backwards for the same wait: a stale copy of the item must not fire a step twice.
   */
  upsert(item: ReminderFields): void {
    if (this.disposed) return;
    const known = this.items.get(item.id);
    const merged =
      known && known.firstSeen === item.firstSeen
        ? { ...item, reminderStep: Math.max(known.reminderStep, item.reminderStep), stuck: known.stuck || item.stuck }
        : item;
    this.items.set(item.id, merged);
    this.plan(merged, this.opts.clock.now());
    this.arm();
  }

  /** Forget an item (resolved), then re-arm. */
  remove(id: string): void {
    this.due.delete(id);
    if (this.items.delete(id)) this.arm();
  }

  /** Apply a new cadence (config edit) to every item. */
  setCadence(cadence: readonly number[]): void {
    this.cadence = cadence;
    this.planAll();
    this.arm();
  }

  /** The scheduler's current view of an item (its reminderStep/stuck after firings). */
  get(id: string): ReminderFields | undefined {
    return this.items.get(id);
  }

  /** When the armed timer fires; null when none is armed. */
  nextAt(): number | null {
    let earliest: number | null = null;
    for (const at of this.due.values()) if (earliest === null || at < earliest) earliest = at;
    return earliest;
  }

  /** Cancel the timer and forget every item. */
  dispose(): void {
    this.disposed = true;
    this.timer?.cancel();
    this.timer = null;
    this.items.clear();
    this.due.clear();
  }

  /**
   * Plan one item. A step already due (a catch-up) plans for the moment of planning, which is never
   * later than when it would have been planned at arming: the timer fires at once either way.
   */
  private plan(item: ReminderFields, now: number): void {
    const next = nextReminder(item, this.cadence, now);
    if (next.kind === 'done') this.due.delete(item.id);
    else this.due.set(item.id, next.at);
  }

  private planAll(): void {
    const now = this.opts.clock.now();
    for (const item of this.items.values()) this.plan(item, now);
  }

  private arm(): void {
    this.timer?.cancel();
    this.timer = null;
    if (this.disposed) return;
    const at = this.nextAt();
    if (at === null) return;
    this.timer = this.opts.clock.setTimeout(() => this.fire(), Math.max(0, at - this.opts.clock.now()));
  }

  private fire(): void {
    this.timer = null;
    const now = this.opts.clock.now();
    const events: ReminderEvent[] = [];
    for (const item of this.items.values()) {
      const plan = nextReminder(item, this.cadence, now);
      if (plan.kind === 'done' || plan.at > now) continue;
      this.items.set(item.id, { ...item, reminderStep: plan.step, stuck: plan.kind === 'stuck' });
      events.push({ kind: plan.kind, itemId: item.id, step: plan.step, skipped: plan.skipped, at: now });
    }
    // State first, then the timer, then the callbacks: a callback may upsert or remove re-entrantly.
    this.planAll();
    this.arm();
    for (const event of events) this.opts.onEvent(event);
  }
}
