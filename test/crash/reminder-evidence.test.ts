/** The crash test's reminder checks must catch a repeated step, an early step, a burst and a second catch-up. */
import { describe, expect, it } from 'vitest';
import type { ReminderFiring } from './support/reminder-evidence.ts';
import { checkReminders, reminderFiringsFromLog, storeOpenedAt } from './support/reminder-evidence.ts';

const CADENCE = [0, 1000, 2500, 5000, 10_000];
const items = [{ id: 'a', firstSeen: 10_000 }];
const fire = (step: number, t: number, incarnation = 0): ReminderFiring => ({ itemId: 'a', step, t, incarnation });

describe('crash evidence: reminders', () => {
  it('accepts steps on time, and one catch-up after a restart', () => {
    // Daemon #1 started at 15 500: steps 2 (12 500) and 3 (15 000) were missed; it fires 3 once.
    const firings = [fire(0, 10_001), fire(1, 11_002), fire(3, 17_000, 1), fire(4, 20_000, 1)];
    expect(checkReminders(firings, items, CADENCE, [9_000, 15_500])).toEqual([]);
  });

  it('flags a step fired again after a restart', () => {
    const firings = [fire(0, 10_001), fire(1, 11_002), fire(1, 16_000, 1)];
    expect(checkReminders(firings, items, CADENCE, [9_000, 15_000])).toEqual([expect.stringContaining('a step fired twice')]);
  });

  it('flags a step fired before it was due', () => {
    expect(checkReminders([fire(0, 10_001), fire(1, 10_500)], items, CADENCE, [9_000])).toEqual([
      expect.stringContaining('before it was due'),
    ]);
  });

  it('flags a burst of missed steps', () => {
    const firings = [fire(0, 10_001), fire(2, 16_000, 1), fire(3, 16_001, 1)];
    expect(checkReminders(firings, items, CADENCE, [9_000, 15_500])).toEqual(
      expect.arrayContaining([expect.stringContaining('a burst'), expect.stringContaining('caught up 2 times')]),
    );
  });

  it('flags a reminder for an item the store never had', () => {
    expect(checkReminders([{ itemId: 'zz', step: 0, t: 1, incarnation: 0 }], items, CADENCE, [0])).toEqual([
      expect.stringContaining('does not know'),
    ]);
  });

  it('reads reminder.fired lines from a daemon log and skips a line cut by the kill', () => {
    const log = [
      '{"t":"2026-01-01T00:00:01.000Z","level":"info","event":"store.opened"}',
      '{"t":"2026-01-01T00:00:02.500Z","level":"info","event":"reminder.fired","item":"a","step":1,"stuck":false,"skipped":0}',
      '{"t":"2026-01-01T00:00:03.000Z","level":"info","event":"reminder.fired","item":"a","st',
    ].join('\n');
    expect(reminderFiringsFromLog(log, 2)).toEqual([{ itemId: 'a', step: 1, t: Date.parse('2026-01-01T00:00:02.500Z'), incarnation: 2 }]);
  });

  it("takes a daemon's start from its store.opened line", () => {
    const log =
      'Trail Boss engine starting\n{"t":"2026-01-01T00:00:01.250Z","level":"info","event":"store.opened","file":"x","from":2,"version":2}\n';
    expect(storeOpenedAt(log)).toBe(Date.parse('2026-01-01T00:00:01.250Z'));
    expect(storeOpenedAt('killed before the store opened')).toBeNull();
  });
});
