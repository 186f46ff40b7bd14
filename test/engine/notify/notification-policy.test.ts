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
import { HOST_CATEGORY, hostNotificationTag, notificationTag, SUMMARY_TAG } from '../../../main/engine/notify/notification-text.ts';
import type { HostChangeDto } from '../../../preload/contract/events.ts';
import { queueItem } from '../../support/queue-items.ts';

const NOW = 5_000_000;
const ctx = (over: Partial<NotificationContext> = {}): NotificationContext => ({
  now: NOW,
  enabled: true,
  pausedUntil: null,
  sound: true,
  buttons: true,
  ...over,
});

/** Runs events in order; returns the final state and every op. */
function run(
  events: NotificationEvent[],
  c = ctx(),
  state: NotificationState = INITIAL_NOTIFICATION_STATE,
): { state: NotificationState; ops: NotificationOp[] } {
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
    const { ops } = run([
      { kind: 'startup', items },
      { kind: 'queue', items: [] },
    ]);
    expect(ops[1]).toEqual({ op: 'close', tag: SUMMARY_TAG });
  });

  it('still reminds about items the summary covered', () => {
    const items = ['a', 'b', 'c'].map((id) => queueItem({ id }));
    const { ops } = run([
      { kind: 'startup', items },
      { kind: 'reminder', item: { ...items[0]!, reminderStep: 1 } },
    ]);
    expect(ops[1]).toMatchObject({ op: 'show', tag: notificationTag('a') });
  });

  it('shows nothing while paused, but still withdraws', () => {
    const paused = ctx({ pausedUntil: NOW + 1000 });
    const shown = run([{ kind: 'added', item: queueItem({ id: 'a' }) }]);
    const { ops } = run(
      [
        { kind: 'added', item: queueItem({ id: 'b' }) },
        { kind: 'reminder', item: queueItem({ id: 'a' }) },
        { kind: 'resolved', itemId: 'a' },
      ],
      paused,
      shown.state,
    );
    expect(ops).toEqual([{ op: 'close', tag: notificationTag('a') }]);
  });

  it('shows again once the pause has passed', () => {
    expect(run([{ kind: 'added', item: queueItem({ id: 'a' }) }], ctx({ pausedUntil: NOW })).ops).toHaveLength(1);
  });

  it('shows nothing when notifications are disabled', () => {
    expect(
      run(
        [
          { kind: 'startup', items: [queueItem()] },
          { kind: 'added', item: queueItem() },
        ],
        ctx({ enabled: false }),
      ).ops,
    ).toEqual([]);
  });

  it('refreshes a live notification silently when its item changes, and ignores changes of others', () => {
    const a = queueItem({ id: 'a' });
    const { ops } = run([
      { kind: 'added', item: a },
      { kind: 'updated', item: { ...a, fingerprint: 'new' } },
      { kind: 'updated', item: queueItem({ id: 'b' }) },
    ]);
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
    const { state } = run([
      { kind: 'added', item: queueItem({ id: 'a' }) },
      { kind: 'dismissed', tag: notificationTag('a') },
    ]);
    expect(state.live.size).toBe(0);
    expect(run([{ kind: 'resolved', itemId: 'a' }], ctx(), state).ops).toEqual([]);
  });
});

describe('notificationStep for hosts', () => {
  const SINCE = Date.UTC(2026, 10, 25, 14, 2);
  const downEvent = (host = 'gpu'): NotificationEvent => ({
    kind: 'host',
    change: {
      host,
      state: 'unreachable',
      since: SINCE,
      reason: `host ${host} unreachable since 2026-11-25T14:02:00.000Z: the host cannot be reached`,
    },
  });
  const back = (host = 'gpu'): NotificationEvent => ({ kind: 'host', change: { host, state: 'reachable', since: SINCE + 60_000 } });
  const removed = (host = 'gpu'): NotificationEvent => ({
    kind: 'host',
    change: { host, state: 'removed', since: SINCE + 60_000 } satisfies HostChangeDto,
  });

  it('shows one notification for an outage, tagged by the host, saying its agents keep their place', () => {
    const { ops, state } = run([downEvent()]);
    expect(ops).toEqual([
      {
        op: 'show',
        tag: hostNotificationTag('gpu'),
        itemId: null,
        text: expect.objectContaining({
          title: 'Host gpu unreachable',
          body: expect.stringMatching(/^Since 14:02 UTC\. Its agents keep their place; nothing will be sent to them until it is back\.$/),
        }),
        buttons: [],
        silent: false,
        urgency: 'normal',
        category: HOST_CATEGORY,
      },
    ]);
    expect(state.hostsDown).toEqual(new Set(['gpu']));
  });

  it('replaces the outage with "back" under the same tag when the host returns, once', () => {
    const { ops, state } = run([downEvent(), back(), back()]);
    expect(ops).toHaveLength(2);
    expect(ops[1]).toMatchObject({
      op: 'show',
      tag: hostNotificationTag('gpu'),
      itemId: null,
      urgency: 'low',
      text: { title: 'Host gpu is back' },
    });
    expect(state.hostsDown.size).toBe(0);
  });

  it('keeps hosts apart: each has its own tag', () => {
    const { ops } = run([downEvent('gpu'), downEvent('ci'), back('ci')]);
    expect(ops.map((o) => [o.op, o.tag])).toEqual([
      ['show', hostNotificationTag('gpu')],
      ['show', hostNotificationTag('ci')],
      ['show', hostNotificationTag('ci')],
    ]);
  });

  it('says nothing about a return whose outage it did not show (reachable from the start, or paused then)', () => {
    expect(run([back()]).ops).toEqual([]);
    const paused = run([downEvent()], ctx({ pausedUntil: NOW + 60_000 }));
    expect(paused.ops).toEqual([]);
    expect(run([back()], ctx(), paused.state).ops).toEqual([]);
  });

  it('withdraws the outage instead of announcing the return while paused or disabled, so no stale "unreachable" stays up', () => {
    const { state } = run([downEvent()]);
    expect(run([back()], ctx({ pausedUntil: NOW + 60_000 }), state).ops).toEqual([{ op: 'close', tag: hostNotificationTag('gpu') }]);
    expect(run([back()], ctx({ enabled: false }), state).ops).toEqual([{ op: 'close', tag: hostNotificationTag('gpu') }]);
  });

  it('withdraws the outage of a host removed from the config, and ignores the removal of one that was fine', () => {
    const { state } = run([downEvent()]);
    expect(run([removed()], ctx(), state)).toEqual({
      state: expect.objectContaining({ hostsDown: new Set() }),
      ops: [{ op: 'close', tag: hostNotificationTag('gpu') }],
    });
    expect(run([removed()]).ops).toEqual([]);
  });

  it('is silent without sound, and leaves item notifications and the summary alone', () => {
    const { ops } = run(
      [{ kind: 'added', item: queueItem({ id: 'a' }) }, downEvent(), { kind: 'queue', items: [] }],
      ctx({ sound: false }),
    );
    expect(ops.map((o) => [o.op, o.tag])).toEqual([
      ['show', notificationTag('a')],
      ['show', hostNotificationTag('gpu')],
      ['close', notificationTag('a')],
    ]);
    expect(ops[1]).toMatchObject({ silent: true });
  });

  it('still tells the return after the user dismissed the outage', () => {
    const { state } = run([downEvent(), { kind: 'dismissed', tag: hostNotificationTag('gpu') }]);
    expect(run([back()], ctx(), state).ops).toEqual([expect.objectContaining({ op: 'show', tag: hostNotificationTag('gpu') })]);
  });
});
