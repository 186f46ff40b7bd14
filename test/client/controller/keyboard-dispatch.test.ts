import { describe, expect, it } from 'vitest';
import { idleItem, queueItem } from '../../support/queue-items.ts';
import { NOW, outcome, setup } from './setup.ts';
import { poll } from '../../support/poll.ts';

describe('keyboard commands', () => {
  it('j and k move the selection', () => {
    const { controller, queue } = setup([queueItem({ id: 'a' }), queueItem({ id: 'b' })]);
    controller.key('next');
    const afterNext = queue().selectedId;
    controller.key('prev');
    expect([afterNext, queue().selectedId]).toEqual(['b', 'a']);
  });

  it('a approves the selected item', async () => {
    const { fake, controller } = setup([queueItem({ id: 'a' }), queueItem({ id: 'b' })], { 'item:approve': outcome('b', 'approve') });
    controller.key('next');
    controller.key('approve');
    await poll(() => fake.callsTo('item:approve').length === 1, '1 call(s) to item:approve');
    expect(fake.callsTo('item:approve')).toEqual([{ id: 'b', fingerprint: 'fp-b' }]);
  });

  it('Enter jumps to the selected item', async () => {
    const { fake, controller } = setup([queueItem({ id: 'a' })], { 'item:jump': outcome('a', 'jump') });
    controller.key('jump');
    await poll(() => fake.callsTo('item:jump').length === 1, '1 call(s) to item:jump');
    expect(fake.callsTo('item:jump')).toEqual([{ id: 'a' }]);
  });

  it('r opens the reply box only where a reply is possible', () => {
    const { controller, queue } = setup([queueItem({ id: 'a' }), idleItem({ id: 'b' })]);
    const onPrompt = controller.key('reply');
    controller.key('next');
    const onIdle = controller.key('reply');
    expect([onPrompt, onIdle, queue().replyFor]).toEqual([false, true, 'b']);
  });

  it('D opens the deny-with-a-message box only on a permission prompt; Escape closes it and nothing is sent', () => {
    const { fake, controller, queue } = setup([idleItem({ id: 'a' }), queueItem({ id: 'b' })]);
    const onIdle = controller.key('deny-message');
    controller.key('next');
    const onPrompt = controller.key('deny-message');
    const open = queue().denyMessageFor;
    controller.key('cancel');
    expect([onIdle, onPrompt, open, queue().denyMessageFor]).toEqual([false, true, 'b', null]);
    expect(fake.callsTo('item:deny')).toEqual([]);
  });

  it('the deny box sends the fingerprint and the message, and closes once the agent has it', async () => {
    const { fake, controller, queue } = setup([queueItem({ id: 'a' })], { 'item:deny': outcome('a', 'deny') });
    controller.key('deny-message');
    await controller.denyWithMessage('a', 'use pnpm');
    expect(fake.callsTo('item:deny')).toEqual([{ id: 'a', fingerprint: 'fp-a', message: 'use pnpm' }]);
    expect(queue().denyMessageFor).toBeNull();
  });

  it('z opens the snooze menu and Escape closes it', () => {
    const { controller, queue } = setup([queueItem({ id: 'a' })]);
    controller.key('snooze');
    const open = queue().snoozeFor;
    controller.key('cancel');
    expect([open, queue().snoozeFor]).toEqual(['a', null]);
  });

  it('acts on the first waiting item, never on a snoozed one listed after it', async () => {
    const { fake, controller, queue } = setup([queueItem({ id: 'a', snoozedUntil: NOW + 1 }), queueItem({ id: 'b' })], {
      'item:approve': outcome('b', 'approve'),
    });
    queue().selectionMoved('first', NOW);
    controller.key('approve');
    await poll(() => fake.callsTo('item:approve').length === 1, '1 call(s) to item:approve');
    expect(fake.callsTo('item:approve')).toEqual([{ id: 'b', fingerprint: 'fp-b' }]);
  });

  it('reports an action key as unhandled in an empty queue', () => {
    const { controller } = setup([]);
    expect(controller.key('approve')).toBe(false);
  });
});
