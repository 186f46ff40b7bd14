/** What the controllers need: the bridge, the stores, and a clock (injected so tests control time). */
import type { StoreApi } from 'zustand/vanilla';
import type { Bridge } from '../bridge/bridge.ts';
import type { ActivityStore } from '../store/activity-store.ts';
import type { AppStore } from '../store/app-store.ts';
import type { QueueStore } from '../store/queue-store.ts';
import type { SettingsStore } from '../store/settings-store.ts';

/** The renderer's time source. */
export interface RendererClock {
  now(): number;
}

/** All stores of one window. */
export interface Stores {
  readonly queue: StoreApi<QueueStore>;
  readonly settings: StoreApi<SettingsStore>;
  readonly activity: StoreApi<ActivityStore>;
  readonly app: StoreApi<AppStore>;
}

export interface ControllerDeps {
  readonly bridge: Bridge;
  readonly stores: Stores;
  readonly clock: RendererClock;
}
