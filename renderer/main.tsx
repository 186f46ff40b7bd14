/** Entry point: pick the bridge, build the stores and the controller, render the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { DepsProvider } from '../client/react/context.tsx';
import { createTicker } from '../client/ticker.ts';
import { routeFromHash } from './app/route.ts';
import { chooseBridge, exposedApi } from './bridge/choose-bridge.ts';
import { hashWithoutToken, tokenFromHash } from './bridge/token.ts';
import { createController } from '../client/controller/controller.ts';
import type { RendererClock } from '../client/controller/deps.ts';
import { createActivityStore } from '../client/store/activity-store.ts';
import { createAppStore } from '../client/store/app-store.ts';
import { rememberedFilter, rememberFilter } from '../client/store/queue-filter.ts';
import { initialQueueState } from '../client/store/queue-state.ts';
import { createQueueStore } from '../client/store/queue-store.ts';
import { createSettingsStore } from '../client/store/settings-store.ts';
import './styles.css';

const TOKEN_KEY = 'trailboss.token';

/** The token from the fragment (then removed from the address bar), or from this tab's earlier visit. */
function takeToken(): string | null {
  const fromHash = tokenFromHash(location.hash);
  if (fromHash !== null) {
    sessionStorage.setItem(TOKEN_KEY, fromHash);
    history.replaceState(null, '', `${location.pathname}${location.search}${hashWithoutToken(location.hash)}`);
    return fromHash;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/** localStorage, or null where the page may not use it. */
function storageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const root = createRoot(document.getElementById('root') as HTMLElement);
const choice = chooseBridge({
  exposed: exposedApi(window),
  origin: location.origin,
  token: exposedApi(window) === undefined ? takeToken() : null,
  fetch: window.fetch.bind(window),
  openEvents: (url) => new EventSource(url),
});

if (!choice.ok) {
  root.render(<p className="problem standalone">{choice.problem}</p>);
} else {
  const clock: RendererClock = { now: () => Date.now() };
  // The filter is the user's habit, not the session's: kept in this origin's storage across windows.
  const memory = storageOrNull();
  const queue = createQueueStore({ ...initialQueueState, filter: rememberedFilter(memory) });
  queue.subscribe((s, prev) => {
    if (s.filter !== prev.filter) rememberFilter(memory, s.filter);
  });
  const stores = { queue, settings: createSettingsStore(), activity: createActivityStore(), app: createAppStore() };
  const controller = createController({ bridge: choice.bridge, stores, clock });
  const ticker = createTicker(clock);
  const stopController = controller.start();
  // Follow `#view=…&item=…`: now, and whenever the shell points an open window at another item.
  const follow = () => {
    const route = routeFromHash(location.hash);
    if (route.view) stores.app.getState().viewChosen(route.view);
    const item = route.item;
    if (!item) return;
    const select = () => stores.queue.getState().items.some((i) => i.id === item) && (stores.queue.getState().itemSelected(item), true);
    // The queue may not be loaded yet: select the item as soon as it is there.
    if (!select()) {
      const stop = stores.queue.subscribe(() => select() && stop());
    }
  };
  follow();
  window.addEventListener('hashchange', follow);
  const stopTicker = ticker.start();
  window.addEventListener('pagehide', () => {
    stopTicker();
    stopController();
  });
  root.render(
    <StrictMode>
      <DepsProvider deps={{ stores, controller, ticker }}>
        <App />
      </DepsProvider>
    </StrictMode>,
  );
}
