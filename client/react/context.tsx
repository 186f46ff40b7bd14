/** The window's dependencies for components: stores, controller and ticker, provided once at the root. */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Controller } from '../controller/controller.ts';
import type { Stores } from '../controller/deps.ts';
import type { ActivityStore } from '../store/activity-store.ts';
import type { AppStore } from '../store/app-store.ts';
import type { QueueStore } from '../store/queue-store.ts';
import type { SettingsStore } from '../store/settings-store.ts';
import type { Ticker } from '../ticker.ts';

export interface AppDeps {
  readonly stores: Stores;
  readonly controller: Controller;
  readonly ticker: Ticker;
}

const Deps = createContext<AppDeps | null>(null);

/** Provides the window's dependencies. */
export function DepsProvider({ deps, children }: { deps: AppDeps; children: ReactNode }) {
  return <Deps.Provider value={deps}>{children}</Deps.Provider>;
}

function useDeps(): AppDeps {
  const deps = useContext(Deps);
  if (deps === null) throw new Error('DepsProvider is missing');
  return deps;
}

/** The controller (every effect a component may trigger). */
export const useController = (): Controller => useDeps().controller;
/** A narrow slice of the queue store. */
export const useQueue = <T,>(select: (s: QueueStore) => T): T => useStore(useDeps().stores.queue, select);
/** A narrow slice of the settings store. */
export const useSettings = <T,>(select: (s: SettingsStore) => T): T => useStore(useDeps().stores.settings, select);
/** A narrow slice of the activity store. */
export const useActivity = <T,>(select: (s: ActivityStore) => T): T => useStore(useDeps().stores.activity, select);
/** A narrow slice of the app store. */
export const useApp = <T,>(select: (s: AppStore) => T): T => useStore(useDeps().stores.app, select);
/** The current time, re-rendering the caller on every tick. */
export const useNow = (): number => useStore(useDeps().ticker.store, (s) => s.now);
