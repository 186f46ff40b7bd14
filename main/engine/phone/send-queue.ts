/**
 * Outgoing messages and edits, one at a time and at most about one a second per chat (Telegram's
 * documented limit: https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this).
 * A 429 waits its `retry_after` and tries the same call again; other failures go back to the caller.
 */
import { BotApiError } from './bot-api.ts';
import { pause } from './backoff.ts';

const MAX_RATE_RETRIES = 5;

/** A serial queue with a minimum spacing between calls. */
export class SendQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private lastAt = 0;
  private readonly stopper = new AbortController();

  constructor(
    private readonly minIntervalMs: number,
    private readonly now: () => number,
  ) {}

  /** Run `call` after everything queued before it, spaced; retried on 429 only. */
  run<T>(call: () => Promise<T>): Promise<T> {
    const next = this.tail.then(() => this.spaced(call));
    this.tail = next.catch(() => {});
    return next;
  }

  /** Stop waiting (queued calls still run, without spacing). */
  dispose(): void {
    this.stopper.abort();
  }

  private async spaced<T>(call: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      const wait = this.lastAt + this.minIntervalMs - this.now();
      if (wait > 0) await pause(wait, this.stopper.signal);
      this.lastAt = this.now();
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof BotApiError) || error.failure !== 'rate-limited' || tries >= MAX_RATE_RETRIES || this.stopper.signal.aborted)
          throw error;
        await pause(Math.max(1, error.retryAfterS ?? 5) * 1000, this.stopper.signal);
      }
    }
  }
}
