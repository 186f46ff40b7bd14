import { describe, expect, it } from 'vitest';
import * as r from '../../../client/store/queue-state.ts';
import { queueItem } from '../../support/queue-items.ts';

const NOW = 10_000;
const loaded = (...ids: string[]) =>
  r.queueLoaded(
    r.initialQueueState,
    ids.map((id) => queueItem({ id, target: `work:${id}.0` })),
  );
const ids = (s: r.QueueState) => s.items.map((i) => i.id);
const note = (itemId: string, over: Partial<r.OutcomeNote> = {}): r.OutcomeNote => ({
  itemId,
  target: `work:${itemId}.0`,
  action: 'approve',
  outcome: 'confirmed',
  message: 'done',
  at: NOW,
  ...over,
});

describe('queueLoaded', () => {
  it('is ready and selects the oldest item', () => {
    const s = loaded('a', 'b');
    expect([s.status, s.selectedId]).toEqual(['ready', 'a']);
  });

  it('selects nothing in an empty queue', () => {
    expect(loaded().selectedId).toBeNull();
  });
});

describe('queueLoadFailed', () => {
  it('fails the first load', () => {
    expect(r.queueLoadFailed(r.initialQueueState, 'down').status).toBe('failed');
  });

  it('keeps a loaded queue on screen and says why the reload failed', () => {
    const s = r.queueLoadFailed(loaded('a'), 'down');
    expect([s.status, s.problem, ids(s)]).toEqual(['ready', 'down', ['a']]);
  });
});

describe('queueChanged', () => {
  it('takes the engine order', () => {
    expect(
      ids(
        r.queueChanged(
          loaded('a', 'b', 'c'),
          ['b', 'c', 'a'].map((id) => queueItem({ id })),
        ),
      ),
    ).toEqual(['b', 'c', 'a']);
  });

  it('keeps the selection on the same item when it moves', () => {
    const s = r.itemSelected(loaded('a', 'b', 'c'), 'b');
    expect(
      r.queueChanged(
        s,
        ['c', 'a', 'b'].map((id) => queueItem({ id })),
      ).selectedId,
    ).toBe('b');
  });

  it('moves the selection to the item that took the place of a resolved one', () => {
    const s = r.itemSelected(loaded('a', 'b', 'c'), 'b');
    expect(
      r.queueChanged(
        s,
        ['a', 'c'].map((id) => queueItem({ id })),
      ).selectedId,
    ).toBe('c');
  });

  it('selects the new last item when the selected last one left', () => {
    const s = r.itemSelected(loaded('a', 'b', 'c'), 'c');
    expect(
      r.queueChanged(
        s,
        ['a', 'b'].map((id) => queueItem({ id })),
      ).selectedId,
    ).toBe('b');
  });

  it('closes the reply box of an item that left', () => {
    const s = r.replyOpened(loaded('a', 'b'), 'a');
    expect(r.queueChanged(s, [queueItem({ id: 'b' })]).replyFor).toBeNull();
  });
});

describe('itemAdded / itemUpdated / itemResolved', () => {
  it('appends a new item at the tail', () => {
    expect(ids(r.itemAdded(loaded('a'), queueItem({ id: 'b' })))).toEqual(['a', 'b']);
  });

  it('selects the first item to arrive in an empty queue', () => {
    expect(r.itemAdded(loaded(), queueItem({ id: 'a' })).selectedId).toBe('a');
  });

  it('replaces a known item in place', () => {
    const s = r.itemUpdated(loaded('a', 'b'), queueItem({ id: 'a', subject: 'rm -rf build' }));
    expect([ids(s), s.items[0]?.subject]).toEqual([['a', 'b'], 'rm -rf build']);
  });

  it('removes a resolved item', () => {
    expect(ids(r.itemResolved(loaded('a', 'b'), 'a'))).toEqual(['b']);
  });

  it('keeps the outcome of a resolved item for the status line', () => {
    const s = r.itemResolved(r.actionSettled(loaded('a'), note('a')), 'a');
    expect(s.recent[0]?.itemId).toBe('a');
  });
});

describe('reminderFired', () => {
  it('records the step and the stuck mark', () => {
    const s = r.reminderFired(loaded('a'), 'a', 6, true);
    expect([s.items[0]?.reminderStep, s.items[0]?.stuck]).toEqual([6, true]);
  });
});

describe('selectionMoved', () => {
  it('moves down and up by one', () => {
    const down = r.selectionMoved(loaded('a', 'b', 'c'), 1, NOW);
    expect([down.selectedId, r.selectionMoved(down, -1, NOW).selectedId]).toEqual(['b', 'a']);
  });

  it('stops at the ends', () => {
    const s = loaded('a', 'b');
    expect([r.selectionMoved(s, -1, NOW).selectedId, r.selectionMoved(r.selectionMoved(s, 1, NOW), 1, NOW).selectedId]).toEqual(['a', 'b']);
  });

  it('jumps to the first and the last', () => {
    const s = loaded('a', 'b', 'c');
    expect([
      r.selectionMoved(s, 'last', NOW).selectedId,
      r.selectionMoved(r.selectionMoved(s, 'last', NOW), 'first', NOW).selectedId,
    ]).toEqual(['c', 'a']);
  });

  it('walks snoozed items after the waiting ones', () => {
    const s = r.queueLoaded(r.initialQueueState, [
      queueItem({ id: 'a', snoozedUntil: NOW + 1 }),
      queueItem({ id: 'b' }),
      queueItem({ id: 'c' }),
    ]);
    const walk = [1, 1].reduce(
      (acc, d) => [...acc, r.selectionMoved(acc[acc.length - 1] ?? s, d, NOW)],
      [r.selectionMoved(s, 'first', NOW)],
    );
    expect(walk.map((x) => x.selectedId)).toEqual(['b', 'c', 'a']);
  });
});

describe('displayOrder', () => {
  it('puts snoozed items last, soonest to wake first', () => {
    const items = [
      queueItem({ id: 'a', snoozedUntil: NOW + 500 }),
      queueItem({ id: 'b' }),
      queueItem({ id: 'c', snoozedUntil: NOW + 100 }),
      queueItem({ id: 'd' }),
    ];
    expect(r.displayOrder(items, NOW).map((i) => i.id)).toEqual(['b', 'd', 'c', 'a']);
  });

  it('treats an expired snooze as waiting', () => {
    const items = [queueItem({ id: 'a', snoozedUntil: NOW - 1 }), queueItem({ id: 'b' })];
    expect(r.displayOrder(items, NOW).map((i) => i.id)).toEqual(['a', 'b']);
  });
});

describe('actions in flight', () => {
  it('marks the item pending', () => {
    expect(r.actionStarted(loaded('a'), 'a', 'approve').pending).toEqual({ a: 'approve' });
  });

  it('clears the old outcome when a new action starts', () => {
    const s = r.actionStarted(r.actionSettled(loaded('a'), note('a', { outcome: 'changed' })), 'a', 'approve');
    expect(s.outcomes.a).toBeUndefined();
  });

  it('records the outcome and clears pending when settled', () => {
    const s = r.actionSettled(r.actionStarted(loaded('a'), 'a', 'deny'), note('a', { action: 'deny' }));
    expect([s.pending, s.outcomes.a?.outcome]).toEqual([{}, 'confirmed']);
  });

  it('keeps only the five newest notes', () => {
    const s = ['1', '2', '3', '4', '5', '6'].reduce((acc, id) => r.actionSettled(acc, note(id)), loaded());
    expect(s.recent.map((n) => n.itemId)).toEqual(['6', '5', '4', '3', '2']);
  });

  it('does not list the same outcome twice when the event repeats our own answer', () => {
    const s = r.actionSettled(r.actionSettled(loaded('a'), note('a')), note('a', { at: NOW + 5 }));
    expect(s.recent).toHaveLength(1);
  });
});

describe('popups', () => {
  it('opens one popup at a time and selects its item', () => {
    const s = r.snoozeOpened(r.replyOpened(loaded('a', 'b'), 'a'), 'b');
    expect([s.replyFor, s.snoozeFor, s.selectedId]).toEqual([null, 'b', 'b']);
  });

  it('closes both', () => {
    const s = r.popupsClosed(r.replyOpened(loaded('a'), 'a'));
    expect([s.replyFor, s.snoozeFor]).toEqual([null, null]);
  });
});

describe('targetOf', () => {
  it('names a queued item', () => {
    expect(r.targetOf(loaded('a'), 'a')).toBe('work:a.0');
  });

  it('still names an item that just left the queue', () => {
    expect(r.targetOf(r.itemResolved(loaded('a', 'b'), 'a'), 'a')).toBe('work:a.0');
  });

  it('forgets all but the newest fifty departed items', () => {
    const many = Array.from({ length: 60 }, (_, i) => `i${i}`);
    const s = r.queueChanged(loaded(...many), []);
    expect([r.targetOf(s, 'i9'), r.targetOf(s, 'i10')]).toEqual([null, 'work:i10.0']);
  });
});
