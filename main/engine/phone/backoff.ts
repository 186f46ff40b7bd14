/**
 * How long the channel waits after a failed Bot API call (pure). A 429 names its own wait
 * (`retry_after`, always honoured: https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this);
 * 409 (another poller), 5xx, a dropped connection and a hung request back off 1 s → 60 s. 401 never
 * retries: the channel stops. A `retry_after` is clamped to an hour: Telegram's are seconds to
 * minutes, and one over 2^31 ms (24.8 days) would make Node's timer fire after 1 ms, every time.
 */
import { assertNever } from '../../../preload/contract/assert-never.ts';
import type { BotApiFailure } from './bot-api.ts';

const BASE_MS = 1_000;
const CAP_MS = 60_000;
/** The longest `retry_after` honoured. */
export const RETRY_AFTER_CAP_MS = 3_600_000;

/** The wait before the next try, or null when there must be none (401). `attempt` counts from 0. */
export function retryDelayMs(failure: BotApiFailure, attempt: number, retryAfterS: number | null): number | null {
  switch (failure) {
    case 'unauthorized':
      return null;
    case 'rate-limited':
      return Math.min(RETRY_AFTER_CAP_MS, Math.max(1, Number.isFinite(retryAfterS) ? (retryAfterS ?? 5) : 5) * 1000);
    case 'conflict':
    case 'server':
    case 'network':
    case 'timeout':
    case 'bad-request':
      return Math.min(CAP_MS, BASE_MS * 2 ** Math.min(attempt, 10));
    default:
      return assertNever(failure);
  }
}

/** Resolve after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    if (signal.aborted) return done();
    const timer = setTimeout(finish, ms);
    function finish(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      done();
    }
    signal.addEventListener('abort', finish, { once: true });
  });
}
