/**
 * Outgoing messages and edits, one at a time and on average at most about one a second per chat, a
 * burst of three allowed (Telegram's documented limit: "avoid sending more than one message per
 * second" per chat, short bursts tolerated:
 * https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this).
 * A 429 waits its `retry_after` and tries the same call again; other failures go back to the caller.
 */
import { BotApiError } from './bot-api.ts';
import { pause } from './backoff.ts';

const MAX_RATE_RETRIES = 5;

/** A serial queue: a short burst (`burst` calls) goes out at once, then about one call per `minIntervalMs` (a token bucket). */
export class SendQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private tokens: number;
  private refilledAt: number;
  private readonly stopper = new AbortController();

  constructor(
    private readonly minIntervalMs: number,
    private readonly now: () => number,
    private readonly burst = 3,
  ) {
    this.tokens = burst;
    this.refilledAt = now();
  }

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

  private async take(): Promise<void> {
    for (;;) {
      const now = this.now();
      if (this.minIntervalMs <= 0) return;
      const earned = Math.floor((now - this.refilledAt) / this.minIntervalMs);
      if (earned > 0) {
        this.tokens = Math.min(this.burst, this.tokens + earned);
        this.refilledAt = this.tokens === this.burst ? now : this.refilledAt + earned * this.minIntervalMs;
      }
      if (this.tokens > 0 || this.stopper.signal.aborted) {
        this.tokens -= 1;
        return;
      }
      await pause(this.refilledAt + this.minIntervalMs - now, this.stopper.signal);
    }
  }

  private async spaced<T>(call: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      await this.take();
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof BotApiError) || error.failure !== 'rate-limited' || tries >= MAX_RATE_RETRIES || this.stopper.signal.aborted)
          throw error;
        // Telegram says how long: nothing goes out before then.
        this.tokens = 0;
        this.refilledAt = this.now() + Math.max(1, error.retryAfterS ?? 5) * 1000 - this.minIntervalMs;
      }
    }
  }
}
