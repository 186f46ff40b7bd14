/**
 * Typed answers, as the seed had them: exact words only (trimmed, case-insensitive); prose does
 * nothing. A threaded reply knows its item, so it accepts the short forms too; a fresh message
 * accepts fewer words, since it guesses the item (the most recent message's).
 */

/** What a typed word asks for. */
export type TypedAnswer = 'approve' | 'deny';

const THREADED: Record<string, TypedAnswer> = {
  y: 'approve',
  yes: 'approve',
  approve: 'approve',
  a: 'approve',
  n: 'deny',
  no: 'deny',
  deny: 'deny',
  d: 'deny',
};
const FRESH: Record<string, TypedAnswer> = { y: 'approve', yes: 'approve', allow: 'approve', n: 'deny', no: 'deny', deny: 'deny' };

/** The answer a threaded reply's text gives, or null when it is anything else (then it may be typed into an idle agent). */
export function threadedAnswer(text: string): TypedAnswer | null {
  return THREADED[text.trim().toLowerCase()] ?? null;
}

/** The answer a fresh (unthreaded) message gives, or null. */
export function freshAnswer(text: string): TypedAnswer | null {
  return FRESH[text.trim().toLowerCase()] ?? null;
}
