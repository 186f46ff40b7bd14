/**
 * The API token of the browser bridge. `trailboss daemon --ui` prints a URL with `#token=…`: a
 * fragment never leaves the browser (not in requests, not in a Referer).
 */

/** Reads `token` from a URL fragment (`#token=abc` or `#view=x&token=abc`); null when absent or empty. */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  return token === null || token === '' ? null : token;
}

/** The fragment with the token removed, so it does not linger in the address bar or history. */
export function hashWithoutToken(hash: string): string {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  params.delete('token');
  const rest = params.toString();
  return rest === '' ? '' : `#${rest}`;
}
