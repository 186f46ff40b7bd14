/** App-wide UI state: which screen shows, engine errors and unreachable hosts to tell the user about. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HostChangeDto } from '../../preload/contract/events.ts';
import { applyHostChange, type HostOutage } from './host-outages.ts';

export type View = 'queue' | 'settings' | 'activity';

export interface AppState {
  readonly view: View;
  /** Newest last; the banner shows the latest until dismissed. */
  readonly engineErrors: readonly string[];
  /** Hosts that cannot be reached now (a banner each, until the host is back). */
  readonly hostOutages: readonly HostOutage[];
}

export interface AppActions {
  viewChosen(view: View): void;
  engineErrorReported(message: string): void;
  engineErrorsDismissed(): void;
  hostChanged(change: HostChangeDto): void;
}

export type AppStore = AppState & AppActions;

/** Creates the app store. */
export function createAppStore(view: View = 'queue'): StoreApi<AppStore> {
  return createStore<AppStore>()((set) => ({
    view,
    engineErrors: [],
    hostOutages: [],
    viewChosen: (next) => set({ view: next }),
    engineErrorReported: (message) => set((s) => ({ engineErrors: [...s.engineErrors, message].slice(-5) })),
    engineErrorsDismissed: () => set({ engineErrors: [] }),
    hostChanged: (change) => set((s) => ({ hostOutages: applyHostChange(s.hostOutages, change) })),
  }));
}
