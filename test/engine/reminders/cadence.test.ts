import { describe, expect, it } from 'vitest';
import { DEFAULT_CADENCE_MS, nextReminder } from '../../../main/engine/reminders/cadence.ts';
import type { ReminderFields } from '../../../main/engine/sessions/attention-item.ts';

const MIN = 60_000;
const T0 = 1_000_000;
const item = (reminderStep: number, extra: Partial<ReminderFields> = {}): ReminderFields => ({
  id: 'i1',
  firstSeen: T0,
  reminderStep,
  stuck: false,
  snoozedUntil: null,
  ...extra,
});

describe('nextReminder on schedule', () => {
  it('uses the product cadence: now, +5 m, +15 m, +45 m, +2 h, +4 h', () => {
    expect(DEFAULT_CADENCE_MS).toEqual([0, 5 * MIN, 15 * MIN, 45 * MIN, 120 * MIN, 240 * MIN]);
  });

  it.each([
    [-1, 'reminder', 0, T0],
    [0, 'reminder', 1, T0 + 5 * MIN],
    [1, 'reminder', 2, T0 + 15 * MIN],
    [2, 'reminder', 3, T0 + 45 * MIN],
    [3, 'reminder', 4, T0 + 120 * MIN],
    [4, 'stuck', 5, T0 + 240 * MIN],
  ] as const)('after step %i the next is a %s at step %i', (fired, kind, step, at) => {
    expect(nextReminder(item(fired), DEFAULT_CADENCE_MS, T0)).toEqual({ kind, step, at, skipped: 0 });
  });

  it('is done once the last step fired', () => {
    expect(nextReminder(item(5, { stuck: true }), DEFAULT_CADENCE_MS, T0 + 300 * MIN)).toEqual({ kind: 'done' });
    expect(nextReminder(item(5), DEFAULT_CADENCE_MS, T0 + 300 * MIN)).toEqual({ kind: 'done' });
  });

  it('is done for an empty cadence', () => {
    expect(nextReminder(item(-1), [], T0)).toEqual({ kind: 'done' });
  });

  it('never names a time before the step: one ms early it is still ahead', () => {
    for (let fired = 0; fired < 5; fired++) {
      const stepAt = T0 + (DEFAULT_CADENCE_MS[fired + 1] ?? 0);
      const plan = nextReminder(item(fired), DEFAULT_CADENCE_MS, stepAt - 1);
      expect(plan.kind !== 'done' && plan.at).toBe(stepAt);
    }
  });

  it('follows a configured cadence', () => {
    expect(nextReminder(item(0), [0, 1_000, 2_000], T0)).toEqual({ kind: 'reminder', step: 1, at: T0 + 1_000, skipped: 0 });
    expect(nextReminder(item(1), [0, 1_000, 2_000], T0)).toEqual({ kind: 'stuck', step: 2, at: T0 + 2_000, skipped: 0 });
  });
});

describe('nextReminder after a restart (time jumped)', () => {
  it('fires one catch-up for the latest passed step, at once, skipping the ones in between', () => {
    expect(nextReminder(item(1), DEFAULT_CADENCE_MS, T0 + 180 * MIN)).toEqual({
      kind: 'reminder',
      step: 4,
      at: T0 + 180 * MIN,
      skipped: 2,
    });
  });

  it('a late next step is not a skip', () => {
    expect(nextReminder(item(1), DEFAULT_CADENCE_MS, T0 + 20 * MIN)).toEqual({ kind: 'reminder', step: 2, at: T0 + 20 * MIN, skipped: 0 });
  });

  it('past the last step the one catch-up is the stuck mark', () => {
    expect(nextReminder(item(0), DEFAULT_CADENCE_MS, T0 + 600 * MIN)).toEqual({ kind: 'stuck', step: 5, at: T0 + 600 * MIN, skipped: 4 });
  });

  it('after the catch-up the cadence continues at the next step time', () => {
    expect(nextReminder(item(4), DEFAULT_CADENCE_MS, T0 + 180 * MIN)).toEqual({ kind: 'stuck', step: 5, at: T0 + 240 * MIN, skipped: 0 });
  });
});

describe('nextReminder while snoozed', () => {
  it('waits for the snooze end when a step falls inside it, and then fires one', () => {
    const snoozed = item(0, { snoozedUntil: T0 + 50 * MIN });
    expect(nextReminder(snoozed, DEFAULT_CADENCE_MS, T0 + 6 * MIN)).toEqual({ kind: 'reminder', step: 3, at: T0 + 50 * MIN, skipped: 2 });
  });

  it('keeps the step time when the snooze ends before it', () => {
    const snoozed = item(0, { snoozedUntil: T0 + 3 * MIN });
    expect(nextReminder(snoozed, DEFAULT_CADENCE_MS, T0 + MIN)).toEqual({ kind: 'reminder', step: 1, at: T0 + 5 * MIN, skipped: 0 });
  });

  it('an ended snooze changes nothing', () => {
    const snoozed = item(0, { snoozedUntil: T0 + MIN });
    expect(nextReminder(snoozed, DEFAULT_CADENCE_MS, T0 + 2 * MIN)).toEqual(nextReminder(item(0), DEFAULT_CADENCE_MS, T0 + 2 * MIN));
  });
});

describe('catch-up right before the next step', () => {
  it('fires that next step on time instead of two reminders in a row (never early)', async () => {
    const { nextReminder, CATCH_UP_COALESCE_MS } = await import('../../../main/engine/reminders/cadence.ts');
    const cadence = [0, 500, 1000, 1500, 2500];
    const item = { id: 'x', firstSeen: 0, reminderStep: 1, stuck: false, snoozedUntil: null };
    // Restart at 1496 ms: step 2 (1000) passed, step 3 is due in 4 ms → one reminder, step 3, at 1500.
    expect(nextReminder(item, cadence, 1496)).toEqual({ kind: 'reminder', step: 3, at: 1500, skipped: 1 });
    // A timer firing on time is never folded, even with steps less than a second apart.
    expect(nextReminder(item, cadence, 1003)).toEqual({ kind: 'reminder', step: 2, at: 1003, skipped: 0 });
    // Far from the next step the catch-up fires at once, as before.
    expect(nextReminder(item, [0, 500, 1000, 1000 + CATCH_UP_COALESCE_MS + 500, 9000], 1100)).toEqual({
      kind: 'reminder',
      step: 2,
      at: 1100,
      skipped: 0,
    });
  });
});
