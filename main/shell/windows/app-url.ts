/**
 * The app's own URL scheme. Windows load `app://trailboss/index.html` (served from dist/renderer by
 * a protocol handler) rather than file://, so the CSP's 'self' means exactly our files and the IPC
 * sender check has one origin to compare against.
 */
import path from 'node:path';

/** The scheme (registered as standard and secure before the app is ready). */
export const APP_SCHEME = 'app';
/** The host part of every app URL. */
export const APP_HOST = 'trailboss';
/** The page every window loads. */
export const APP_INDEX = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The views a window can open on; the renderer reads `#view=…&item=…`. */
export type AppView = 'queue' | 'settings' | 'activity';

/** The page URL for a view, optionally focused on one item. */
export function appPageUrl(view: AppView, itemId: string | null = null): string {
  const params = new URLSearchParams({ view });
  if (itemId !== null) params.set('item', itemId);
  return `${APP_INDEX}#${params.toString()}`;
}

/** Whether a URL is one of our pages (scheme and host; Node reports a custom scheme's origin as "null"). */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

/** Whether a navigation stays on our one page (the renderer routes with the fragment; anything else is blocked). */
export function isAppPage(url: string): boolean {
  return isAppUrl(url) && url.split('#')[0] === APP_INDEX;
}

/**
 * The file under `root` an app URL asks for, or null when it is not ours or would leave `root`
 * (`..`, encoded slashes, absolute paths). `/` is the index page.
 */
export function appUrlToFile(url: string, root: string): string | null {
  if (!isAppUrl(url)) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const relative = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const base = path.resolve(root);
  const file = path.resolve(base, relative);
  return file.startsWith(base + path.sep) ? file : null;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The Content-Type for a file of the renderer build (module scripts need a JavaScript type to run). */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}
