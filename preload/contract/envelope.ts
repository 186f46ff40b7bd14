/** How every API call answers across IPC or HTTP: a value, or an error with a code the UI can react to. */

export type ErrorCode = 'not-found' | 'refused' | 'changed' | 'gone' | 'busy' | 'invalid' | 'unavailable' | 'unauthorized' | 'internal';

/** One validation problem: `path` is the dotted key in the request (`watchdog.backoffMs.1`). */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

export interface ApiError {
  readonly code: ErrorCode;
  readonly message: string;
  /** Present with code `invalid`: every problem found, so a form can mark each field. */
  readonly issues?: readonly ValidationIssue[];
}

export type Envelope<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

/** Wraps a successful value. */
export function ok<T>(value: T): Envelope<T> {
  return { ok: true, value };
}

/** Wraps an error; `issues` only for `invalid`. */
export function fail(code: ErrorCode, message: string, issues?: readonly ValidationIssue[]): Envelope<never> {
  return { ok: false, error: issues === undefined ? { code, message } : { code, message, issues } };
}
