/** How every API call answers across IPC or HTTP: a value, or an error with a code the UI can react to. */

export type ErrorCode =
  | 'not-found'
  | 'refused'
  | 'changed'
  | 'gone'
  | 'busy'
  | 'invalid'
  | 'unavailable'
  | 'internal';

export interface ApiError {
  readonly code: ErrorCode;
  readonly message: string;
}

export type Envelope<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export function ok<T>(value: T): Envelope<T> {
  return { ok: true, value };
}

export function fail(code: ErrorCode, message: string): Envelope<never> {
  return { ok: false, error: { code, message } };
}
