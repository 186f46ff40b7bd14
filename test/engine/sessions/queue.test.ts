import { describe, expect, it } from 'vitest';
import { DEFAULT_SKIP_COOLDOWN_MS, nextQueueChangeAt, oldest, skip, snooze, visibleQueue } from '../../../main/engine/sessions/queue.ts';
import type { QueueFields, ReminderFields } from '../../../main/engine/sessions/attention-item.ts';
import type { Item } from '../../../main/engine/store/types.ts';
import { seededRandom as prng } from '../../support/seeded-random.ts';

const item = (id: string, firstSeen: number): QueueFields => ({
  id,
  firstSeen,
  queueOrder: firstSeen,
  skipCooldownUntil: null,
  snoozedUntil: null,
});
const ids = (items: readonly QueueFields[]) => items.map((i) => i.id);
const MIN = 60_000;

/** Apply skip to one item of the list (as the store would). */
function skipIn(items: QueueFields[], id: string, now: number, cooldownMs = DEFAULT_SKIP_COOLDOWN_MS): QueueFields[] {
  return items.map((i) => (i.id === id ? skip(i, now, items, cooldownMs) : i));
}

describe('queue order', () => {
  it('is oldest first by first detection', () => {
    const items = [item('c', 300), item('a', 100), item('b', 200)];
    expect(ids(visibleQueue(items, 1_000))).toEqual(['a', 'b', 'c']);
    expect(oldest(items, 1_000)?.id).toBe('a');
  });

  it('breaks ties on first detection by id, so the order is total', () => {
    expect(ids(visibleQueue([item('b', 100), item('a', 100)], 1_000))).toEqual(['a', 'b']);
  });

  it('is empty (and oldest null) with no items', () => {
    expect(visibleQueue([], 0)).toEqual([]);
    expect(oldest([], 0)).toBeNull();
  });

  it('does not change the input array', () => {
    const items = [item('b', 200), item('a', 100)];
    visibleQueue(items, 0);
    expect(ids(items)).toEqual(['b', 'a']);
  });
});

describe('skip', () => {
  it('moves the item to the tail with a 10 min cooldown by default', () => {
    const items = [item('a', 100), item('b', 200), item('c', 300)];
    const skipped = skip(items[0]!, 1_000, items);
    expect(skipped.skipCooldownUntil).toBe(1_000 + 10 * MIN);
    expect(skipped.queueOrder).toBeGreaterThan(300);
    expect(ids(visibleQueue(skipIn(items, 'a', 1_000), 1_000))).toEqual(['b', 'c', 'a']);
  });

  it('goes after every other item even when another order lies in the future', () => {
    const items = [item('a', 100), { ...item('b', 200), queueOrder: 50_000 }];
    expect(skip(items[0]!, 1_000, items).queueOrder).toBe(50_001);
  });

  it('is not offered as oldest during the cooldown while something else waits', () => {
    const items = skipIn([item('a', 100), item('b', 200)], 'a', 1_000);
    expect(oldest(items, 1_000 + 10 * MIN - 1)?.id).toBe('b');
  });

  it('is offered when nothing else waits, even in cooldown', () => {
    const items = skipIn([item('a', 100)], 'a', 1_000);
    expect(oldest(items, 1_001)?.id).toBe('a');
  });

  it('stays behind the items it was skipped past after the cooldown ends', () => {
    const items = skipIn([item('a', 100), item('b', 200)], 'a', 1_000);
    expect(ids(visibleQueue(items, 1_000 + 10 * MIN))).toEqual(['b', 'a']);
  });

  it('lets an item detected after the skip come first during the cooldown', () => {
    const items = [...skipIn([item('a', 100)], 'a', 1_000), item('n', 2_000)];
    expect(oldest(items, 2_000)?.id).toBe('n');
  });

  it('with everything in cooldown offers the least recently skipped first', () => {
    let items = [item('a', 100), item('b', 200)];
    items = skipIn(items, 'a', 1_000);
    items = skipIn(items, 'b', 1_000);
    expect(ids(visibleQueue(items, 1_001))).toEqual(['a', 'b']);
  });
});

describe('snooze', () => {
  it('hides the item until the snooze ends, then it is back in its place', () => {
    const items = [item('a', 100), item('b', 200)].map((i) => (i.id === 'a' ? snooze(i, 5_000) : i));
    expect(ids(visibleQueue(items, 4_999))).toEqual(['b']);
    expect(ids(visibleQueue(items, 5_000))).toEqual(['a', 'b']);
  });

  it('leaves oldest null while the only item is snoozed', () => {
    expect(oldest([snooze(item('a', 100), 5_000)], 1_000)).toBeNull();
  });

  it('nextQueueChangeAt names the earliest snooze or cooldown end still ahead', () => {
    const items = [snooze(item('a', 100), 9_000), skip(item('b', 200), 1_000, [], 3_000), item('c', 300)];
    expect(nextQueueChangeAt(items, 1_000)).toBe(4_000);
    expect(nextQueueChangeAt(items, 4_000)).toBe(9_000);
    expect(nextQueueChangeAt(items, 9_000)).toBeNull();
  });
});

describe('no livelock on skip (property)', () => {
  it('repeatedly skipping "next" offers every item once before any item twice, whatever the timing', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rnd = prng(seed);
      const n = 2 + Math.floor(rnd() * 5);
      let items = Array.from({ length: n }, (_, i) => item(`i${i}`, Math.floor(rnd() * 10_000)));
      // Some items start out skipped already, as after a restart.
      for (const it of items) if (rnd() < 0.3) items = skipIn(items, it.id, Math.floor(rnd() * 10_000));
      let now = 10_000;
      const offered: string[] = [];
      for (let step = 0; step < n * 4; step++) {
        now += Math.floor(rnd() * rnd() * 15 * MIN);
        const next = oldest(items, now);
        if (!next) throw new Error('nothing offered');
        offered.push(next.id);
        items = skipIn(items, next.id, now);
      }
      // Every window of n consecutive offers holds each item exactly once.
      for (let start = 0; start + n <= offered.length; start++) {
        expect(new Set(offered.slice(start, start + n)).size, `seed ${seed}: ${offered.join(',')}`).toBe(n);
      }
    }
  });

  it('two skipped items never starve a third that was never skipped', () => {
    let items = [item('a', 100), item('b', 200), item('c', 300)];
    items = skipIn(items, 'a', 1_000);
    items = skipIn(items, 'b', 1_001);
    expect(oldest(items, 1_002)?.id).toBe('c');
  });
});

describe('fits the store', () => {
  it('a stored item is usable by the queue and the reminder scheduler as is (checked by tsc)', () => {
    const asQueue = (i: Item): QueueFields => i;
    const asReminder = (i: Item): ReminderFields => i;
    const stored = {
      id: 'x',
      firstSeen: 1,
      queueOrder: 1,
      skipCooldownUntil: null,
      snoozedUntil: null,
      reminderStep: 0,
      stuck: false,
    } as unknown as Item;
    expect(oldest([asQueue(stored)], 0)?.id).toBe(asReminder(stored).id);
  });
});
