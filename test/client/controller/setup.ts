/** A controller over a fake bridge and fresh stores, with a fixed clock. */
import type { Channel, Envelope, QueueItemDto } from '../../../preload/contract/index.ts';
import { createController } from '../../../client/controller/controller.ts';
import type { Stores } from '../../../client/controller/deps.ts';
import { createActivityStore } from '../../../client/store/activity-store.ts';
import { createAppStore } from '../../../client/store/app-store.ts';
import { createQueueStore } from '../../../client/store/queue-store.ts';
import { createSettingsStore } from '../../../client/store/settings-store.ts';
import { fakeBridge } from '../support/fake-bridge.ts';

export const NOW = 50_000;

/** Builds the controller with the queue already loaded with `items`. */
export function setup(
  items: QueueItemDto[],
  answers: Partial<Record<Channel, (args: unknown) => Envelope<unknown> | Promise<Envelope<unknown>>>> = {},
) {
  const fake = fakeBridge({ 'queue:list': () => ({ ok: true, value: items }), ...answers });
  const stores: Stores = {
    queue: createQueueStore(),
    settings: createSettingsStore(),
    activity: createActivityStore(),
    app: createAppStore(),
  };
  stores.queue.getState().queueLoaded(items);
  const controller = createController({ bridge: fake.bridge, stores, clock: { now: () => NOW } });
  return { fake, stores, controller, queue: () => stores.queue.getState() };
}

/** An engine answer for an item action. */
export const outcome =
  (itemId: string, action: string, kind = 'confirmed', message = 'ok') =>
  (): Envelope<unknown> => ({
    ok: true,
    value: { itemId, action, outcome: kind, message },
  });
