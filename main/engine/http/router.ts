/**
 * A tiny method + path router for the loopback server. Paths are literal segments or `:name`
 * parameters (`/api/items/:id/approve`); first registered match wins. No wildcards, no regexes:
 * the API is small and explicit.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { RejectionReason } from './rejections.ts';

/** What a handler gets: the parsed body and path parameters, already past every admission check. */
export interface ApiRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** Parsed JSON body; `undefined` when there was none. */
  readonly body: unknown;
}

/** What a handler answers. `after` runs once the response is on the wire (heavy work goes there). */
export interface ApiReply {
  readonly status: number;
  readonly body?: unknown;
  readonly after?: () => void;
}

/** A JSON route handler. */
export type RouteHandler = (req: ApiRequest) => ApiReply | Promise<ApiReply>;

/** Thrown by a handler to refuse with a counted reason (e.g. a payload that fails its schema). */
export class ApiRefusal extends Error {
  constructor(
    readonly reason: RejectionReason,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRefusal';
  }
}

/** The result of matching a request against the table. */
export type RouteMatch<T> =
  | { readonly kind: 'found'; readonly target: T; readonly params: Record<string, string> }
  | { readonly kind: 'wrong-method'; readonly allowed: readonly string[] }
  | { readonly kind: 'none' };

interface Entry<T> {
  readonly method: string;
  readonly segments: readonly string[];
  readonly target: T;
}

/** A route table generic over what a route leads to (JSON handler or SSE stream). */
export class Router<T> {
  private readonly entries: Entry<T>[] = [];

  /** Register `target` for `method` + `path`. */
  add(method: string, path: string, target: T): void {
    if (!path.startsWith('/')) throw new Error(`route path must start with '/': ${path}`);
    this.entries.push({ method: method.toUpperCase(), segments: split(path), target });
  }

  /** Find the route for a request path (without query). */
  match(method: string, path: string): RouteMatch<T> {
    const parts = split(path);
    const allowed: string[] = [];
    for (const entry of this.entries) {
      const params = matchSegments(entry.segments, parts);
      if (params === null) continue;
      if (entry.method === method.toUpperCase()) return { kind: 'found', target: entry.target, params };
      allowed.push(entry.method);
    }
    return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: readonly string[], parts: readonly string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] as string;
    const got = parts[i] as string;
    if (want.startsWith(':')) {
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (want !== got) return null;
  }
  return params;
}
