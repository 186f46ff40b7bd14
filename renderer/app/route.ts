/** The window's route from the URL fragment: `#view=queue|settings|activity&item=<id>` (the shell opens windows with it). */
import type { View } from '../../client/store/app-store.ts';

export interface Route {
  readonly view: View | null;
  readonly item: string | null;
}

const VIEWS: readonly View[] = ['queue', 'settings', 'activity'];

/** Pure: read the route; unknown or missing parts are null (the token, if any, is ignored here). */
export function routeFromHash(hash: string): Route {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const view = params.get('view');
  const item = params.get('item');
  return {
    view: view !== null && (VIEWS as readonly string[]).includes(view) ? (view as View) : null,
    item: item !== null && /^[a-z0-9]{1,32}$/i.test(item) ? item : null,
  };
}
