import { describe, expect, it } from 'vitest';
import {
  INITIAL_NOTIFICATION_STATE,
  notificationStep,
  STARTUP_SUMMARY_AT,
  type NotificationContext,
  type NotificationEvent,
  type NotificationOp,
  type NotificationState,
} from '../../../main/engine/notify/notification-policy.ts';
import { notificationTag, SUMMARY_TAG } from '../../../main/engine/notify/notification-text.ts';
import { queueItem } from '../../support/queue-items.ts';

const NOW = 5_000_000;
const ctx = (over: Partial<NotificationContext> = {}): NotificationContext => ({ now: NOW, enabled: true, pausedUntil: null, sound: true, buttons: true, ...over });

/** Runs events in order; returns the final state and every op. */
function run(events: NotificationEvent[], c = ctx(), state: NotificationState = INITIAL_NOTIFICATION_STATE): { state: NotificationState; ops: NotificationOp[] } {
  const ops: NotificationOp[] = [];
  for (const e of events) {
    const step = notificationStep(state, e, c);
    state = step.state;
    ops.push(...step.ops);
  }
  return { state, ops };
}

describe('notificationStep', () => {
  it('shows one notification for a new item, tagged by the item', () => {
    const { ops } = run([{ kind: 'added', item: queueItem({ id: 'a' }) }]);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ op: 'show', tag: notificationTag('a'), itemId: 'a', silent: false });
  });

  it('replaces it on a reminder (same tag) instead of stacking a second one', () => {
    const a = queueItem({ id: 'a' });
    const { ops, state } = run([
      { kind: 'added', item: a },
      { kind: 'reminder', item: { ...a, reminderStep: 1 } },
    ]);
    expect(ops.map((o) => [o.op, o.tag])).toEqual([
      ['show', notificationTag('a')],
      ['show', notificationTag('a')],
    ]);
    expect(state.live.size).toBe(1);
  });

  it('withdraws the notification when the item is resolved', () => {
    const { ops, state } = run([
      { kind: 'added', item: queueItem({ id: 'a' }) },
      { kind: 'resolved', itemId: 'a' },
    ]);
    expect(ops[1]).toEqual({ op: 'close', tag: notificationTag('a') });
    expect(state.live.size).toBe(0);
  });

  it('withdraws notifications of items that left the queue even without a resolved event', () => {
    const { ops } = run([
      { kind: 'added', item: queueItem({ id: 'a' }) },
      { kind: 'added', item: queueItem({ id: 'b' }) },
      { kind: 'queue', items: [queueItem({ id: 'b' })] },
    ]);
    expect(ops.slice(2)).toEqual([{ op: 'close', tag: notificationTag('a') }]);
  });

  it('withdraws the notification of an item that was snoozed', () => {
    const { ops } = run([
      { kind: 'added', item: queueItem({ id: 'a' }) },
      { kind: 'queue', items: [queueItem({ id: 'a', snoozedUntil: NOW + 60_000 })] },
    ]);
    expect(ops[1]).toEqual({ op: 'close', tag: notificationTag('a') });
  });

  it(`shows one summary instead of a storm when ${STARTUP_SUMMARY_AT}+ items wait at start-up`, () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((id) => queueItem({ id }));
    const { ops } = run([{ kind: 'startup', items }, ...items.map((i): NotificationEvent => ({ kind: 'added', item: i }))]);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ op: 'show', tag: SUMMARY_TAG, itemId: null, text: { title: '5 agents are waiting' } });
  });

  it('shows items one by one when only a few wait at start-up', () => {
    const { ops } = run([{ kind: 'startup', items: [queueItem({ id: 'a' })] }]);
    expect(ops.map((o) => o.tag)).toEqual([notificationTag('a')]);
  });

  it('closes the summary once the queue is empty', () => {
    const items = ['a', 'b', 'c'].map((id) => queueItem({ id }));
    const { ops } = run([{ kind: 'startup', items }, { kind: 'queue', items: [] }]);
    expect(ops[1]).toEqual({ op: 'close', tag: SUMMARY_TAG });
  });

  it('still reminds about items the summary covered', () => {
    const items = ['a', 'b', 'c'].map((id) => queueItem({ id }));
    const { ops } = run([{ kind: 'startup', items }, { kind: 'reminder', item: { ...items[0]!, reminderStep: 1 } }]);
    expect(ops[1]).toMatchObject({ op: 'show', tag: notificationTag('a') });
  });

  it('shows nothing while paused, but still withdraws', () => {
    const paused = ctx({ pausedUntil: NOW + 1000 });
    const shown = run([{ kind: 'added', item: queueItem({ id: 'a' }) }]);
    const { ops } = run([{ kind: 'added', item: queueItem({ id: 'b' }) }, { kind: 'reminder', item: queueItem({ id: 'a' }) }, { kind: 'resolved', itemId: 'a' }], paused, shown.state);
    expect(ops).toEqual([{ op: 'close', tag: notificationTag('a') }]);
  });

  it('shows again once the pause has passed', () => {
    expect(run([{ kind: 'added', item: queueItem({ id: 'a' }) }], ctx({ pausedUntil: NOW })).ops).toHaveLength(1);
  });

  it('shows nothing when notifications are disabled', () => {
    expect(run([{ kind: 'startup', items: [queueItem()] }, { kind: 'added', item: queueItem() }], ctx({ enabled: false })).ops).toEqual([]);
  });

  it('refreshes a live notification silently when its item changes, and ignores changes of others', () => {
    const a = queueItem({ id: 'a' });
    const { ops } = run([{ kind: 'added', item: a }, { kind: 'updated', item: { ...a, fingerprint: 'new' } }, { kind: 'updated', item: queueItem({ id: 'b' }) }]);
    expect(ops).toHaveLength(2);
    expect(ops[1]).toMatchObject({ op: 'show', tag: notificationTag('a'), silent: true });
    expect(ops[1]?.op === 'show' && ops[1].buttons[0]?.action).toEqual({ kind: 'approve', itemId: 'a', fingerprint: 'new' });
  });

  it('is silent when sound is off', () => {
    expect(run([{ kind: 'added', item: queueItem() }], ctx({ sound: false })).ops[0]).toMatchObject({ silent: true });
  });

  it('adds buttons only where the platform has them', () => {
    const op = run([{ kind: 'added', item: queueItem() }], ctx({ buttons: false })).ops[0];
    expect(op?.op === 'show' && op.buttons).toEqual([]);
  });

  it('forgets a notification the user dismissed, so the next reminder shows anew', () => {
    const { state } = run([{ kind: 'added', item: queueItem({ id: 'a' }) }, { kind: 'dismissed', tag: notificationTag('a') }]);
    expect(state.live.size).toBe(0);
    expect(run([{ kind: 'resolved', itemId: 'a' }], ctx(), state).ops).toEqual([]);
  });
});
