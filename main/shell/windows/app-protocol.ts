/**
 * Serves the renderer build under app://trailboss/ and hardens the session: every response of ours
 * carries the CSP header, paths cannot leave the build, and the page may ask for no permission.
 */
import { readFile } from 'node:fs/promises';
import { protocol, type Session } from 'electron';
import { APP_SCHEME, appUrlToFile, contentTypeOf } from './app-url.ts';
import { APP_CSP, withCsp } from './csp.ts';

/** Must run before the app is ready: a standard, secure scheme gets a real origin for 'self'. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** After ready: answers app:// requests from `rendererDir`, and nothing outside it. */
export function serveAppScheme(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = appUrlToFile(request.url, rendererDir);
    if (file === null) return new Response('not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: { 'Content-Type': contentTypeOf(file), 'Content-Security-Policy': APP_CSP, 'X-Content-Type-Options': 'nosniff' },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
}

/** The CSP header on every response the session sees, and no permission (camera, notifications, …) for any page. */
export function hardenSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => callback({ responseHeaders: withCsp(details.responseHeaders) }));
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
