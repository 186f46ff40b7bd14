import { describe, expect, it } from 'vitest';
import { idleItem, queueItem } from '../../support/queue-items.ts';
import { outcome, setup } from './setup.ts';

describe('approve', () => {
  it('sends the id and the fingerprint of the prompt on screen', async () => {
    const { fake, controller } = setup([queueItem({ id: 'a' })], { 'item:approve': outcome('a', 'approve') });
    await controller.approve('a');
    expect(fake.callsTo('item:approve')).toEqual([{ id: 'a', fingerprint: 'fp-a' }]);
  });

  it('sends nothing when approve is not possible', async () => {
    const { fake, controller } = setup([queueItem({ id: 'a', approveLabel: null, approveBlockedReason: 'no single-use option' })]);
    await controller.approve('a');
    expect(fake.callsTo('item:approve')).toEqual([]);
  });

  it('records the engine outcome on the item', async () => {
    const { controller, queue } = setup([queueItem({ id: 'a' })], {
      'item:approve': outcome('a', 'approve', 'unconfirmed', 'prompt still shown after 5 s'),
    });
    await controller.approve('a');
    expect(queue().outcomes.a).toMatchObject({ outcome: 'unconfirmed', message: 'prompt still shown after 5 s', target: 'api-worker:1.0' });
  });

  it('sends one call for two quick clicks', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { fake, controller } = setup([queueItem({ id: 'a' })], {
      'item:approve': async () => {
        await gate;
        return outcome('a', 'approve')();
      },
    });
    const first = controller.approve('a');
    const second = controller.approve('a');
    release();
    await Promise.all([first, second]);
    expect(fake.callsTo('item:approve')).toHaveLength(1);
  });

  it('reloads the queue when the pane changed under the user', async () => {
    const { fake, controller } = setup([queueItem({ id: 'a' })], {
      'item:approve': outcome('a', 'approve', 'changed', 'the prompt changed'),
    });
    await controller.approve('a');
    expect(fake.callsTo('queue:list')).toHaveLength(1);
  });

  it('shows an error envelope coded gone as the outcome gone', async () => {
    const { controller, queue } = setup([queueItem({ id: 'a' })], {
      'item:approve': () => ({ ok: false, error: { code: 'not-found', message: 'no such item' } }),
    });
    await controller.approve('a');
    expect(queue().outcomes.a?.outcome).toBe('gone');
  });

  it('shows a transport failure as failed', async () => {
    const { controller, queue } = setup([queueItem({ id: 'a' })], {
      'item:approve': () => ({ ok: false, error: { code: 'unavailable', message: 'engine down' } }),
    });
    await controller.approve('a');
    expect(queue().outcomes.a).toMatchObject({ outcome: 'failed', message: 'engine down' });
  });
});

describe('deny', () => {
  it('sends the fingerprint', async () => {
    const { fake, controller } = setup([queueItem({ id: 'a' })], { 'item:deny': outcome('a', 'deny') });
    await controller.deny('a');
    expect(fake.callsTo('item:deny')).toEqual([{ id: 'a', fingerprint: 'fp-a' }]);
  });

  it('sends nothing when deny is not possible', async () => {
    const { fake, controller } = setup([idleItem({ id: 'a' })]);
    await controller.deny('a');
    expect(fake.callsTo('item:deny')).toEqual([]);
  });
});

describe('reply', () => {
  it('types the text into an idle agent and closes the box when confirmed', async () => {
    const { fake, controller, queue } = setup([idleItem({ id: 'a' })], { 'item:reply': outcome('a', 'reply') });
    queue().replyOpened('a');
    await controller.reply('a', 'run the tests');
    expect([fake.callsTo('item:reply'), queue().replyFor]).toEqual([[{ id: 'a', text: 'run the tests' }], null]);
  });

  it('keeps the box open when the reply was refused', async () => {
    const { controller, queue } = setup([idleItem({ id: 'a' })], {
      'item:reply': outcome('a', 'reply', 'refused', 'not at an input prompt'),
    });
    queue().replyOpened('a');
    await controller.reply('a', 'go on');
    expect(queue().replyFor).toBe('a');
  });

  it('never sends text to an item that cannot take a reply', async () => {
    const { fake, controller } = setup([queueItem({ id: 'a' })]);
    await controller.reply('a', 'yes');
    expect(fake.callsTo('item:reply')).toEqual([]);
  });

  it('sends no blank reply', async () => {
    const { fake, controller } = setup([idleItem({ id: 'a' })]);
    await controller.reply('a', '   ');
    expect(fake.callsTo('item:reply')).toEqual([]);
  });
});

describe('other actions', () => {
  it('snoozes for the chosen duration and closes the menu', async () => {
    const { fake, controller, queue } = setup([queueItem({ id: 'a' })], { 'item:snooze': outcome('a', 'snooze') });
    queue().snoozeOpened('a');
    await controller.snooze('a', 900_000);
    expect([fake.callsTo('item:snooze'), queue().snoozeFor]).toEqual([[{ id: 'a', forMs: 900_000 }], null]);
  });

  it('skips, jumps and restarts by id', async () => {
    const { fake, controller } = setup([queueItem({ id: 'a' })], {
      'item:skip': outcome('a', 'skip'),
      'item:jump': outcome('a', 'jump'),
      'item:restart': outcome('a', 'restart'),
    });
    await controller.skip('a');
    await controller.jump('a');
    await controller.restart('a', 'codex');
    expect(fake.calls.filter((c) => c.channel !== 'queue:list')).toEqual([
      { channel: 'item:skip', args: { id: 'a' } },
      { channel: 'item:jump', args: { id: 'a' } },
      { channel: 'item:restart', args: { id: 'a', runtime: 'codex' } },
    ]);
  });

  it('does nothing for an unknown item', async () => {
    const { fake, controller } = setup([]);
    await controller.skip('ghost');
    expect(fake.calls).toEqual([]);
  });
});
