import { describe, expect, it } from 'vitest';
import { escapeMarkup, noticeRequest, serverCaps, showRequest } from '../../../../main/engine/notify/dbus/notify-request.ts';
import { INITIAL_NOTIFICATION_STATE, notificationStep } from '../../../../main/engine/notify/notification-policy.ts';
import type { NotificationOp } from '../../../../main/engine/notify/notification-policy.ts';
import { idleItem, queueItem } from '../../../support/queue-items.ts';
import type { QueueItemDto } from '../../../../preload/contract/queue-item.ts';

const DUNST = serverCaps(['actions', 'body', 'body-hyperlinks', 'icon-static', 'body-markup']);
const PLAIN = serverCaps(['body']);
const ctx = { now: 1_000_000, enabled: true, pausedUntil: null, sound: true, buttons: true };

function shown(i: QueueItemDto): Extract<NotificationOp, { op: 'show' }> {
  const op = notificationStep(INITIAL_NOTIFICATION_STATE, { kind: 'added', item: i }, ctx).ops[0];
  if (op?.op !== 'show') throw new Error('expected a show');
  return op;
}

describe('showRequest', () => {
  it("names another machine's host in the body, and that it cannot be reached", () => {
    const { request } = showRequest(shown(queueItem({ host: 'gpu', target: 'work:1.0', unreachable: 'host gpu unreachable since …' })), {
      replacesId: 0,
      caps: PLAIN,
      icon: '',
      generation: 1,
    });
    expect(request.body).toContain('gpu: work:1.0 · claude · host unreachable');
    expect(
      showRequest(shown(queueItem({ host: null, target: 'work:1.0' })), { replacesId: 0, caps: PLAIN, icon: '', generation: 1 }).request
        .body,
    ).not.toContain(': work:1.0');
  });

  it("shows a host's outage without buttons, with the network icon", () => {
    const change = { host: 'gpu', state: 'unreachable', since: 0, reason: 'host gpu unreachable since …' } as const;
    const op = notificationStep(INITIAL_NOTIFICATION_STATE, { kind: 'host', change }, ctx).ops[0];
    if (op?.op !== 'show') throw new Error('expected a show');
    const { request } = showRequest(op, { replacesId: 0, caps: DUNST, icon: '', generation: 1 });
    expect(request).toMatchObject({ summary: 'Host gpu unreachable', actions: [], appIcon: 'network-offline' });
    expect(request.body).toMatch(/keep their place; nothing will be sent to them until it is back/);
  });

  it('offers Approve with the exact option label, Deny and Jump, and a body click that jumps', () => {
    const { request, actions } = showRequest(shown(queueItem({ id: 'x', approveLabel: 'Yes', fingerprint: 'f1' })), {
      replacesId: 0,
      caps: DUNST,
      icon: 'dialog-warning',
      generation: 3,
    });
    expect(request.actions).toEqual(['default', 'Jump', 'approve-3', 'Approve: Yes', 'deny-3', 'Deny', 'jump-3', 'Jump']);
    expect(actions.get('approve-3')).toEqual({ kind: 'approve', itemId: 'x', fingerprint: 'f1' });
    expect(actions.get('deny-3')).toEqual({ kind: 'deny', itemId: 'x', fingerprint: 'f1' });
    expect(actions.get('default')).toEqual({ kind: 'jump', itemId: 'x' });
  });

  it('has no approve action where approve is impossible', () => {
    const { request, actions } = showRequest(shown(queueItem({ approveLabel: null })), {
      replacesId: 0,
      caps: DUNST,
      icon: '',
      generation: 3,
    });
    expect([...actions.values()].map((a) => a.kind)).toEqual(['jump', 'deny', 'jump']);
    expect(request.actions.filter((_, i) => i % 2 === 1)).toEqual(['Jump', 'Deny', 'Jump']);
    expect(showRequest(shown(idleItem()), { replacesId: 0, caps: DUNST, icon: '', generation: 3 }).request.actions).toEqual([
      'default',
      'Jump',
      'jump-3',
      'Jump',
    ]);
  });

  it('keys the buttons of each content apart, so a click on replaced content matches nothing', () => {
    const op = shown(queueItem());
    const first = showRequest(op, { replacesId: 5, caps: DUNST, icon: '', generation: 1 });
    const second = showRequest(op, { replacesId: 5, caps: DUNST, icon: '', generation: 2 });
    expect([...first.actions.keys()].filter((k) => second.actions.has(k))).toEqual(['default']);
  });

  it('sends no actions to a server without them', () => {
    const { request, actions } = showRequest(shown(queueItem()), { replacesId: 0, caps: PLAIN, icon: '', generation: 3 });
    expect(request.actions).toEqual([]);
    expect(actions.size).toBe(0);
  });

  it('escapes pane text where the server renders body markup, and only there', () => {
    const op = shown(queueItem({ subject: 'echo <b>hi</b> && rm x' }));
    expect(showRequest(op, { replacesId: 0, caps: DUNST, icon: '', generation: 3 }).request.body).toContain(
      'echo &lt;b&gt;hi&lt;/b&gt; &amp;&amp; rm x',
    );
    expect(showRequest(op, { replacesId: 0, caps: PLAIN, icon: '', generation: 3 }).request.body).toContain('echo <b>hi</b> && rm x');
  });

  it('replaces the earlier notification, stays until closed, and carries urgency, category and sound', () => {
    const { request } = showRequest(shown(queueItem()), { replacesId: 7, caps: DUNST, icon: 'dialog-warning', generation: 3 });
    expect(request).toMatchObject({ appName: 'Trail Boss', replacesId: 7, appIcon: 'dialog-warning', expireTimeout: 0 });
    expect(request.hints).toEqual({ urgency: 2, category: 'x-trailboss.permission', suppressSound: false });
    const idle = showRequest(shown(idleItem()), { replacesId: 0, caps: DUNST, icon: '', generation: 3 }).request;
    expect(idle.hints.urgency).toBe(1);
    expect(idle.appIcon).toBe('dialog-information');
    expect(showRequest(shown(queueItem()), { replacesId: 0, caps: DUNST, icon: '', generation: 3 }).request.appIcon).toBe(
      'dialog-question',
    );
  });
});

describe('noticeRequest and escapeMarkup', () => {
  it('makes a quiet, low notice without actions', () => {
    const r = noticeRequest({ title: 'approve: not sent', body: 'the prompt <changed>', sentence: '' }, { caps: DUNST, icon: '' });
    expect(r).toMatchObject({ actions: [], replacesId: 0, body: 'the prompt &lt;changed&gt;', hints: { urgency: 0, suppressSound: true } });
  });

  it('escapes & first, so an entity is never half-escaped', () => {
    expect(escapeMarkup('&lt; <a href="x">')).toBe('&amp;lt; &lt;a href="x"&gt;');
  });
});
