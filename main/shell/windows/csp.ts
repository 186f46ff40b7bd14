/**
 * The Content-Security-Policy sent with every response of our pages, in addition to the page's
 * own meta tag: a header cannot be removed by anything the page does. No inline script or style,
 * nothing fetched from anywhere but our own files.
 */

/** The policy. `connect-src 'self'`: the Electron renderer talks over IPC, never the network. */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Response headers with our CSP set, replacing any CSP header already there (whatever its case). */
export function withCsp(headers: Readonly<Record<string, string | string[]>> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [APP_CSP];
  out['X-Content-Type-Options'] = ['nosniff'];
  return out;
}
