import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../support/manual-clock.ts';
import { ReminderScheduler, type ReminderEvent } from '../../../main/engine/reminders/reminder-scheduler.ts';
import { DEFAULT_CADENCE_MS } from '../../../main/engine/reminders/cadence.ts';
import type { ReminderFields } from '../../../main/engine/sessions/attention-item.ts';
import { seededRandom as prng } from '../../support/seeded-random.ts';

const MIN = 60_000;
const T0 = 1_000_000;
const item = (id: string, extra: Partial<ReminderFields> = {}): ReminderFields => ({
  id,
  firstSeen: T0,
  reminderStep: 0,
  stuck: false,
  snoozedUntil: null,
  ...extra,
});

let live: ReminderScheduler[] = [];
function setup(start = T0, cadence?: readonly number[]) {
  const clock = new ManualClock(start);
  const events: ReminderEvent[] = [];
  const scheduler = new ReminderScheduler({ clock, onEvent: (e) => events.push(e), ...(cadence ? { cadence } : {}) });
  live.push(scheduler);
  return { clock, events, scheduler };
}
afterEach(() => {
  for (const s of live) s.dispose();
  live = [];
});

describe('ReminderScheduler', () => {
  it('fires every step exactly on time, nothing one ms early, then stuck', () => {
    const { clock, events, scheduler } = setup();
    scheduler.upsert(item('a'));
    for (let step = 1; step < DEFAULT_CADENCE_MS.length; step++) {
      clock.set(T0 + (DEFAULT_CADENCE_MS[step] ?? 0) - 1);
      expect(events.length, `step ${step} early`).toBe(step - 1);
      clock.advance(1);
      expect(events.length).toBe(step);
      expect(events.at(-1)).toMatchObject({ itemId: 'a', step, at: T0 + (DEFAULT_CADENCE_MS[step] ?? 0), skipped: 0 });
    }
    expect(events.map((e) => e.kind)).toEqual(['reminder', 'reminder', 'reminder', 'reminder', 'stuck']);
    expect(scheduler.get('a')).toMatchObject({ reminderStep: 5, stuck: true });
    expect(clock.pending).toBe(0);
  });

  it('arms exactly one timer, for the earliest item', () => {
    const { clock, scheduler } = setup();
    scheduler.upsert(item('a', { firstSeen: T0 }));
    scheduler.upsert(item('b', { firstSeen: T0 - 4 * MIN }));
    scheduler.upsert(item('c', { firstSeen: T0 + MIN }));
    expect(clock.pending).toBe(1);
    expect(scheduler.nextAt()).toBe(T0 + MIN);
  });

  it('re-arms when the earliest item is removed', () => {
    const { clock, events, scheduler } = setup();
    scheduler.upsert(item('a', { firstSeen: T0 - 4 * MIN }));
    scheduler.upsert(item('b'));
    scheduler.remove('a');
    expect(clock.pending).toBe(1);
    clock.set(T0 + 5 * MIN - 1);
    expect(events).toEqual([]);
    clock.advance(1);
    expect(events.map((e) => e.itemId)).toEqual(['b']);
  });

  it('arms nothing without items, and nothing for a stuck item', () => {
    const { clock, scheduler } = setup();
    expect(clock.pending).toBe(0);
    scheduler.upsert(item('a', { reminderStep: 5, stuck: true }));
    expect(clock.pending).toBe(0);
  });

  it('dispose leaves no timer and fires nothing afterwards', () => {
    const { clock, events, scheduler } = setup();
    scheduler.upsert(item('a'));
    scheduler.dispose();
    expect(clock.pending).toBe(0);
    clock.advance(10 * 60 * MIN);
    expect(events).toEqual([]);
    scheduler.upsert(item('b'));
    expect(clock.pending).toBe(0);
  });

  it('after a restart fires one catch-up at once, then continues on the cadence', () => {
    const { clock, events, scheduler } = setup(T0 + 180 * MIN);
    scheduler.upsert(item('a', { reminderStep: 1 }));
    clock.advance(0);
    expect(events).toEqual([{ kind: 'reminder', itemId: 'a', step: 4, skipped: 2, at: T0 + 180 * MIN }]);
    clock.set(T0 + 240 * MIN - 1);
    expect(events.length).toBe(1);
    clock.advance(1);
    expect(events.at(-1)).toMatchObject({ kind: 'stuck', step: 5, skipped: 0 });
  });

  it('a snoozed item stays silent until the snooze ends', () => {
    const { clock, events, scheduler } = setup();
    scheduler.upsert(item('a', { snoozedUntil: T0 + 30 * MIN }));
    clock.set(T0 + 30 * MIN - 1);
    expect(events).toEqual([]);
    clock.advance(1);
    expect(events).toEqual([{ kind: 'reminder', itemId: 'a', step: 2, skipped: 1, at: T0 + 30 * MIN }]);
  });

  it('a stale copy of an item never makes a step fire twice', () => {
    const { clock, events, scheduler } = setup();
    scheduler.upsert(item('a'));
    clock.set(T0 + 5 * MIN);
    scheduler.upsert(item('a', { reminderStep: 0, snoozedUntil: null }));
    clock.advance(0);
    expect(events.map((e) => e.step)).toEqual([1]);
  });

  it('a callback that changes items re-entrantly still leaves exactly one timer', () => {
    const clock = new ManualClock(T0);
    const scheduler: ReminderScheduler = new ReminderScheduler({
      clock,
      onEvent: (e) => {
        scheduler.remove(e.itemId);
        scheduler.upsert(item(`${e.itemId}+`, { firstSeen: clock.now() }));
      },
    });
    live.push(scheduler);
    scheduler.upsert(item('a'));
    clock.set(T0 + 5 * MIN);
    expect(clock.pending).toBe(1);
    expect(scheduler.get('a+')).toBeDefined();
  });

  it('applies a new cadence to waiting items', () => {
    const { clock, events, scheduler } = setup();
    scheduler.upsert(item('a'));
    scheduler.setCadence([0, MIN, 2 * MIN]);
    expect(clock.pending).toBe(1);
    clock.set(T0 + MIN);
    expect(events.map((e) => e.step)).toEqual([1]);
  });
});

describe('no burst after restart (property)', () => {
  it('whatever the stored step and downtime, at most one reminder fires at restart and the rest fire exactly on the cadence', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rnd = prng(seed);
      const steps = 2 + Math.floor(rnd() * 6);
      const cadence = [0];
      for (let i = 1; i < steps; i++) cadence.push((cadence[i - 1] ?? 0) + 1 + Math.floor(rnd() * 60 * MIN));
      const stored = Math.floor(rnd() * steps) - 1;
      const restartAt = T0 + Math.floor(rnd() * ((cadence.at(-1) ?? 0) + 60 * MIN));
      const { clock, events, scheduler } = setup(restartAt, cadence);
      scheduler.upsert(item('a', { reminderStep: stored }));
      clock.advance((cadence.at(-1) ?? 0) + 120 * MIN);
      const label = `seed ${seed}: cadence ${cadence.join(',')} stored ${stored} restart +${restartAt - T0}`;
      expect(events.filter((e) => e.at === restartAt).length, label).toBeLessThanOrEqual(1);
      for (const e of events.filter((e) => e.at !== restartAt)) expect(e.at, label).toBe(T0 + (cadence[e.step] ?? NaN));
      const fired = events.map((e) => e.step);
      expect(fired, label).toEqual([...fired].sort((x, y) => x - y));
      expect(new Set(fired).size, label).toBe(fired.length);
      if (stored < steps - 1) expect(events.at(-1)?.kind, label).toBe('stuck');
      expect(clock.pending, label).toBe(0);
      scheduler.dispose();
    }
  });
});
