/**
 * Why the loopback server refused a request, and a counter per reason. Every refusal is counted so
 * `hooks status` and the diagnostics view can show "12 hook posts refused: bad-token" instead of
 * silence; the server itself never crashes on bad input.
 */

/** Every reason a request can be refused. */
export const REJECTION_REASONS = [
  'malformed-http',
  'bad-host',
  'bad-origin',
  'no-token',
  'bad-token',
  'not-found',
  'method-not-allowed',
  'unsupported-media-type',
  'too-large',
  'body-timeout',
  'malformed-json',
  'schema-invalid',
  'unknown-event',
  'handler-error',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** HTTP status for each reason (421-style misdirection is reported as 403: browsers treat both as final). */
export function statusFor(reason: RejectionReason): number {
  switch (reason) {
    case 'bad-host':
    case 'bad-origin':
      return 403;
    case 'no-token':
    case 'bad-token':
      return 401;
    case 'not-found':
      return 404;
    case 'method-not-allowed':
      return 405;
    case 'unsupported-media-type':
      return 415;
    case 'too-large':
      return 413;
    case 'body-timeout':
      return 408;
    case 'malformed-http':
    case 'malformed-json':
      return 400;
    case 'schema-invalid':
    case 'unknown-event':
      return 422;
    case 'handler-error':
      return 500;
  }
}

/** The error code of the API envelope (`preload/contract/envelope.ts`) a reason maps to. */
export function errorCodeFor(reason: RejectionReason): 'refused' | 'unauthorized' | 'not-found' | 'invalid' | 'internal' {
  switch (reason) {
    case 'bad-host':
    case 'bad-origin':
    case 'method-not-allowed':
    case 'unsupported-media-type':
      return 'refused';
    case 'no-token':
    case 'bad-token':
      return 'unauthorized';
    case 'not-found':
      return 'not-found';
    case 'malformed-http':
    case 'too-large':
    case 'body-timeout':
    case 'malformed-json':
    case 'schema-invalid':
    case 'unknown-event':
      return 'invalid';
    case 'handler-error':
      return 'internal';
  }
}

/** Counts refusals by reason. */
export class RejectionCounter {
  private readonly counts = new Map<RejectionReason, number>();

  /** Count one refusal. */
  add(reason: RejectionReason): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
  }

  /** Refusals so far for one reason. */
  get(reason: RejectionReason): number {
    return this.counts.get(reason) ?? 0;
  }

  /** All non-zero counts, keyed by reason. */
  snapshot(): Partial<Record<RejectionReason, number>> {
    return Object.fromEntries(this.counts);
  }

  /** Sum over every reason. */
  total(): number {
    let sum = 0;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }
}
