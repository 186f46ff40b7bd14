/**
 * The client core (controller, stores) over the HTTP bridge to a real engine's loopback API: what the
 * browser UI and the window run, below the DOM. The settings view's panels draw the store it returns.
 */
import { createController } from '../../client/controller/controller.ts';
import type { Stores } from '../../client/controller/deps.ts';
import { httpBridge } from '../../client/bridge/http-bridge.ts';
import { createActivityStore } from '../../client/store/activity-store.ts';
import { createAppStore } from '../../client/store/app-store.ts';
import { createQueueStore } from '../../client/store/queue-store.ts';
import { createSettingsStore } from '../../client/store/settings-store.ts';

/** A controller and the settings store, talking to the engine at `apiPort` with its `apiToken`. */
export function clientCore(engine: { readonly apiPort: number | null; readonly apiToken: string | null }) {
  const bridge = httpBridge({
    baseUrl: `http://127.0.0.1:${engine.apiPort!}`,
    token: engine.apiToken!,
    fetch: (url, init) => fetch(url, init),
    // No pushes are needed here: the pairing flows look at the engine themselves.
    openEvents: () => ({ addEventListener: () => {}, close: () => {} }),
  });
  const stores: Stores = {
    queue: createQueueStore(),
    settings: createSettingsStore(),
    activity: createActivityStore(),
    app: createAppStore(),
  };
  const controller = createController({ bridge, stores, clock: { now: () => Date.now() } });
  return { controller, settings: () => stores.settings.getState() };
}
