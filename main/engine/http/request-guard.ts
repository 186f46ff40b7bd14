/**
 * Pure admission checks for the loopback server, in the order they run:
 * 1. Host must name this server (`127.0.0.1:<port>` or `localhost:<port>`): a DNS-rebinding page
 *    reaches us under its own host name and is refused before anything else.
 * 2. Origin, when a browser sends one, must be this same origin: blocks CSRF from other web pages
 *    (including other localhost ports, which are same-site but not same-origin).
 * 3. The token: `Authorization: Bearer <token>` on every request. A `?token=` query is accepted on
 *    GET only, because EventSource and a first page load cannot set headers; no cookie is accepted,
 *    since a browser would attach it to cross-site GETs without the page knowing the token.
 */
import type { RejectionReason } from './rejections.ts';
import { tokensEqual } from './token.ts';

/** What the guard looks at; all header values as Node gives them. */
export interface GuardInput {
  readonly method: string;
  readonly host: string | undefined;
  readonly origin: string | undefined;
  readonly authorization: string | undefined;
  /** The `token` query parameter, or null. */
  readonly queryToken: string | null;
  /** The port the server actually listens on. */
  readonly port: number;
  readonly token: string;
}

/** The first reason to refuse the request, or null to admit it. */
export function guardRequest(input: GuardInput): RejectionReason | null {
  if (!hostAllowed(input.host, input.port)) return 'bad-host';
  if (input.origin !== undefined && !originAllowed(input.origin, input.port)) return 'bad-origin';
  const given = presentedToken(input);
  if (given === null) return 'no-token';
  return tokensEqual(input.token, given) ? null : 'bad-token';
}

/** True when the Host header names this loopback server. */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const h = host.toLowerCase();
  return h === `127.0.0.1:${port}` || h === `localhost:${port}`;
}

/** True when a browser's Origin is this server itself (`null` origins — file://, sandboxed frames — are refused). */
export function originAllowed(origin: string, port: number): boolean {
  const o = origin.toLowerCase();
  return o === `http://127.0.0.1:${port}` || o === `http://localhost:${port}`;
}

function presentedToken(input: GuardInput): string | null {
  const auth = input.authorization;
  if (auth !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return match?.[1] ?? '';
  }
  if (input.method === 'GET' && input.queryToken !== null) return input.queryToken;
  return null;
}

/** A human message for a guard refusal (sent back to the client and logged). */
export function guardMessage(reason: RejectionReason, port: number): string {
  switch (reason) {
    case 'bad-host':
      return `Host header must be 127.0.0.1:${port} or localhost:${port}`;
    case 'bad-origin':
      return `cross-origin requests are refused (only http://127.0.0.1:${port} or http://localhost:${port})`;
    case 'no-token':
      return 'missing token: send Authorization: Bearer <token> (GET may use ?token=)';
    case 'bad-token':
      return 'wrong token';
    default:
      return reason;
  }
}
