/**
 * The clock's timers on a fake timer host that behaves as Node does (a delay over 2^31 − 1 ms, under
 * 1 ms or NaN fires after 1 ms) and counts every wake-up: a 30-day wait must cost a couple of
 * wake-ups, never a 1 ms loop.
 */
import { describe, expect, it } from 'vitest';
import { clockOver, MAX_TIMER_MS } from '../../../main/engine/platform/clock.ts';
import type { TimerHost } from '../../../main/engine/platform/clock.ts';
import { ReminderScheduler } from '../../../main/engine/reminders/reminder-scheduler.ts';
import type { ReminderEvent } from '../../../main/engine/reminders/reminder-scheduler.ts';

const DAY = 86_400_000;

/** Node's timer rules, on a hand-driven time line. */
class NodeLikeHost implements TimerHost {
  time = 0;
  wakeups = 0;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const delay = ms >= 1 && ms <= MAX_TIMER_MS ? ms : 1;
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + delay, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Move time forward, firing due timers in order; stops counting at 100 000 wake-ups (a loop). */
  advance(ms: number): void {
    const target = this.time + ms;
    while (this.wakeups < 100_000) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      this.wakeups++;
      due[1].fn();
    }
    this.time = target;
  }
}

describe('clock timers for long delays', () => {
  it('a 30-day timeout fires once, after 30 days, with two wake-ups', () => {
    const host = new NodeLikeHost();
    const clock = clockOver(host);
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(host.time), 30 * DAY);
    host.advance(29 * DAY);
    expect(fired).toEqual([]);
    host.advance(DAY);
    expect(fired).toEqual([30 * DAY]);
    expect(host.wakeups).toBe(2);
  });

  it('a cancelled long timeout never fires, even between its pieces', () => {
    const host = new NodeLikeHost();
    const clock = clockOver(host);
    let fired = 0;
    const handle = clock.setTimeout(() => fired++, 60 * DAY);
    host.advance(26 * DAY);
    handle.cancel();
    host.advance(60 * DAY);
    expect(fired).toBe(0);
  });

  it('short, zero, negative and NaN delays fire once', () => {
    const host = new NodeLikeHost();
    const clock = clockOver(host);
    let fired = 0;
    for (const ms of [5, 0, -3, Number.NaN, Number.POSITIVE_INFINITY]) clock.setTimeout(() => fired++, ms);
    host.advance(10);
    expect(fired).toBe(5);
    expect(host.wakeups).toBe(5);
  });

  it('a 30-day snooze keeps the reminder timer quiet until it ends', () => {
    const host = new NodeLikeHost();
    const clock = clockOver(host);
    const events: ReminderEvent[] = [];
    const scheduler = new ReminderScheduler({ clock, cadence: [0, 5 * 60_000], onEvent: (e) => events.push(e) });
    scheduler.upsert({ id: 'a', firstSeen: 0, reminderStep: 0, stuck: false, snoozedUntil: 30 * DAY });
    host.advance(60_000);
    expect(host.wakeups).toBe(0);
    host.advance(30 * DAY);
    expect(events.map((e) => e.kind)).toEqual(['stuck']);
    expect(host.wakeups).toBeLessThanOrEqual(3);
    scheduler.dispose();
  });
});
