/**
 * Whose turn it is in the send queue (pure). A new item's message (`first`) goes whenever the bucket
 * holds a call; anything else (`later`) only from a full bucket, so the rest of the burst stays for new
 * messages. A `later` call that has waited `maxHoldMs` is put behind nothing: it needs one call, like
 * a new message, and goes before new messages queued after it.
 */
import type { SendBucket } from './send-bucket.ts';

/** How soon a call must go: `first` (a new item's message) before `later` (edits, replies, tests). */
export type SendPriority = 'first' | 'later';

/** What the choice reads of a queued call. */
export interface Queued {
  readonly priority: SendPriority;
  readonly queuedAt: number;
}

/** The rules' figures. */
export interface TurnRules {
  readonly burst: number;
  readonly maxHoldMs: number;
  /** No spacing any more (the queue is being disposed): whatever is queued goes. */
  readonly unlimited: boolean;
}

/** The call whose turn it is (the head of `first` or of `later`), else when one may go (null: nothing queued). */
export function nextTurn<T extends Queued>(
  first: T | undefined,
  later: T | undefined,
  now: number,
  bucket: Pick<SendBucket, 'level' | 'when'>,
  rules: TurnRules,
): T | number | null {
  if (!first && !later) return null;
  const aged = later !== undefined && now - later.queuedAt >= rules.maxHoldMs;
  const order = aged && (!first || later.queuedAt <= first.queuedAt) ? [later, first] : [first, later];
  const level = rules.unlimited ? Infinity : bucket.level(now);
  let soonest = Infinity;
  for (const call of order) {
    if (!call) continue;
    const need = call.priority === 'first' || aged ? 1 : rules.burst;
    if (level >= need) return call;
    soonest = Math.min(soonest, bucket.when(now, need));
    if (call === later && !aged) soonest = Math.min(soonest, later.queuedAt + rules.maxHoldMs);
  }
  return soonest;
}
