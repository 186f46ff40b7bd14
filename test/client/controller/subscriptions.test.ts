import { describe, expect, it } from 'vitest';
import { queueItem } from '../../support/queue-items.ts';
import { setup } from './setup.ts';
import { poll } from '../../support/poll.ts';

describe('start', () => {
  it('loads the queue', async () => {
    const { controller, fake } = setup([]);
    fake.answer('queue:list', () => ({ ok: true, value: [queueItem({ id: 'a' })] }));
    controller.start();
    await poll(() => fake.callsTo('queue:list').length === 1, '1 call(s) to queue:list');
    expect(fake.callsTo('queue:list')).toEqual([{}]);
  });

  it('applies pushed queue events', () => {
    const { controller, fake, queue } = setup([queueItem({ id: 'a' })]);
    controller.start();
    fake.emit('item:added', { item: queueItem({ id: 'b' }) });
    fake.emit('item:resolved', { id: 'a', resolution: 'answered-in-pane' });
    fake.emit('reminder', { id: 'b', step: 2, stuck: false });
    expect(queue().items.map((i) => [i.id, i.reminderStep])).toEqual([['b', 2]]);
  });

  it('shows outcomes reported by other surfaces', () => {
    const { controller, fake, queue } = setup([queueItem({ id: 'a' })]);
    controller.start();
    fake.emit('action:outcome', { itemId: 'a', action: 'deny', outcome: 'confirmed', message: 'denied from the tray' });
    expect(queue().recent[0]).toMatchObject({ itemId: 'a', target: 'api-worker:1.0', message: 'denied from the tray' });
  });

  it('shows engine errors', () => {
    const { controller, fake, stores } = setup([]);
    controller.start();
    fake.emit('engine:error', { code: 'unavailable', message: 'tmux is not installed' });
    expect(stores.app.getState().engineErrors).toEqual(['tmux is not installed']);
  });

  it('shows a banner per unreachable host until it is back, and reloads the queue each time (its rows say so)', async () => {
    const { controller, fake, stores } = setup([]);
    controller.start();
    await poll(() => fake.callsTo('queue:list').length === 1, '1 call(s) to queue:list');
    fake.emit('host:changed', { host: 'gpu', state: 'unreachable', since: 1000, reason: 'host gpu unreachable since …: refused' });
    expect(stores.app.getState().hostOutages.map((o) => o.host)).toEqual(['gpu']);
    fake.emit('host:changed', { host: 'gpu', state: 'reachable', since: 9000 });
    expect(stores.app.getState().hostOutages).toEqual([]);
    await poll(() => fake.callsTo('queue:list').length === 3, '3 call(s) to queue:list');
  });

  it('reloads the queue when the event stream comes back', async () => {
    const { controller, fake, queue } = setup([]);
    controller.start();
    await poll(() => fake.callsTo('queue:list').length === 1, '1 call(s) to queue:list');
    fake.setConnected(false);
    const down = queue().connected;
    fake.setConnected(true);
    await poll(() => fake.callsTo('queue:list').length === 2, '2 call(s) to queue:list');
    expect([down, queue().connected]).toEqual([false, true]);
  });

  it('stops every subscription and closes the bridge', () => {
    const { controller, fake } = setup([]);
    const stop = controller.start();
    stop();
    expect([fake.listenerCount(), fake.isClosed()]).toEqual([0, true]);
  });
});

describe('outcome events for departed items', () => {
  it('name the pane even when the item left before the outcome arrived', () => {
    const { controller, fake, queue } = setup([queueItem({ id: 'a' })]);
    controller.start();
    fake.emit('item:resolved', { id: 'a', resolution: 'approved' });
    fake.emit('action:outcome', { itemId: 'a', action: 'approve', outcome: 'confirmed', message: 'ok' });
    expect(queue().recent[0]?.target).toBe('api-worker:1.0');
  });
});
