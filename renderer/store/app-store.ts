/** App-wide UI state: which screen shows, and engine errors to tell the user about. */
import { createStore, type StoreApi } from 'zustand/vanilla';

export type View = 'queue' | 'settings' | 'activity';

export interface AppState {
  readonly view: View;
  /** Newest last; the banner shows the latest until dismissed. */
  readonly engineErrors: readonly string[];
}

export interface AppActions {
  viewChosen(view: View): void;
  engineErrorReported(message: string): void;
  engineErrorsDismissed(): void;
}

export type AppStore = AppState & AppActions;

/** Creates the app store. */
export function createAppStore(view: View = 'queue'): StoreApi<AppStore> {
  return createStore<AppStore>()((set) => ({
    view,
    engineErrors: [],
    viewChosen: (next) => set({ view: next }),
    engineErrorReported: (message) => set((s) => ({ engineErrors: [...s.engineErrors, message].slice(-5) })),
    engineErrorsDismissed: () => set({ engineErrors: [] }),
  }));
}
