// Deny with a message from a notification: offered only where the server advertises `inline-reply`
// (KDE Plasma); on dunst, GNOME or a server without actions the notification is exactly as before.
import { describe, expect, it } from 'vitest';
import { INLINE_REPLY_KEY, inlineReplyFor } from '../../../../main/engine/notify/dbus/inline-reply.ts';
import { serverCaps, showRequest } from '../../../../main/engine/notify/dbus/notify-request.ts';
import { INITIAL_NOTIFICATION_STATE, notificationStep } from '../../../../main/engine/notify/notification-policy.ts';
import type { NotificationOp } from '../../../../main/engine/notify/notification-policy.ts';
import type { QueueItemDto } from '../../../../preload/contract/queue-item.ts';
import { idleItem, queueItem } from '../../../support/queue-items.ts';

const DUNST = serverCaps(['actions', 'body', 'body-hyperlinks', 'icon-static', 'body-markup']);
const PLASMA = serverCaps(['actions', 'body', 'body-hyperlinks', 'body-markup', 'inline-reply', 'x-kde-urls']);
const REPLY_WITHOUT_ACTIONS = serverCaps(['body', 'inline-reply']);
const ctx = { now: 1_000_000, enabled: true, pausedUntil: null, sound: true, buttons: true };

function shown(i: QueueItemDto): Extract<NotificationOp, { op: 'show' }> {
  const op = notificationStep(INITIAL_NOTIFICATION_STATE, { kind: 'added', item: i }, ctx).ops[0];
  if (op?.op !== 'show') throw new Error('expected a show');
  return op;
}

describe('inlineReplyFor: the capability decision', () => {
  const prompt = () => shown(queueItem({ id: 'x', fingerprint: 'f1' }));

  it('a permission prompt on a server with inline-reply: the deny bound to the item and its fingerprint', () => {
    expect(inlineReplyFor(prompt(), PLASMA)).toEqual({ kind: 'deny', itemId: 'x', fingerprint: 'f1' });
  });

  it('dunst (no inline-reply): nothing', () => {
    expect(inlineReplyFor(prompt(), DUNST)).toBeNull();
  });

  it('inline-reply without actions: nothing (the reply is an action)', () => {
    expect(inlineReplyFor(prompt(), REPLY_WITHOUT_ACTIONS)).toBeNull();
  });

  it('an idle agent: nothing (a reply there is not a denial)', () => {
    expect(inlineReplyFor(shown(idleItem({ id: 'i' })), PLASMA)).toBeNull();
  });
});

describe('showRequest with inline reply', () => {
  it('Plasma: the reply field follows the buttons, keyed "inline-reply", with its placeholder hint', () => {
    const { request, actions } = showRequest(shown(queueItem({ id: 'x', approveLabel: 'Yes', fingerprint: 'f1' })), {
      replacesId: 0,
      caps: PLASMA,
      icon: '',
      generation: 2,
    });
    expect(request.actions.slice(-2)).toEqual([INLINE_REPLY_KEY, 'Deny and tell the agent…']);
    expect(actions.get(INLINE_REPLY_KEY)).toEqual({ kind: 'deny', itemId: 'x', fingerprint: 'f1' });
    expect(request.hints.replyPlaceholder).toBe('What should it do instead?');
  });

  it('dunst: the same request as before (no reply action, no placeholder hint)', () => {
    const { request, actions } = showRequest(shown(queueItem({ id: 'x', approveLabel: 'Yes', fingerprint: 'f1' })), {
      replacesId: 0,
      caps: DUNST,
      icon: '',
      generation: 2,
    });
    expect(request.actions).toEqual(['default', 'Jump', 'approve-2', 'Approve: Yes', 'deny-2', 'Deny', 'jump-2', 'Jump']);
    expect(actions.has(INLINE_REPLY_KEY)).toBe(false);
    expect(request.hints).not.toHaveProperty('replyPlaceholder');
  });
});
