/**
 * Outgoing messages and edits, one at a time and on average at most about one a second per chat, a
 * burst of three allowed (Telegram's documented limit: "avoid sending more than one message per
 * second" per chat, short bursts tolerated:
 * https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this).
 * A 429 waits its `retry_after` and tries the same call again; other failures go back to the caller.
 *
 * The message for a newly waiting agent goes before edits and replies still queued: it is what the
 * user is waiting for, while an edit only tidies a message already shown (a stale button there is
 * harmless: its token is bound to the prompt it was sent for, and the engine re-checks the pane).
 */
import { BotApiError } from './bot-api.ts';
import { pause } from './backoff.ts';

const MAX_RATE_RETRIES = 5;

/** How soon a call must go: `first` (a new item's message) before `later` (edits, replies, tests). */
export type SendPriority = 'first' | 'later';

interface Task {
  readonly call: () => Promise<unknown>;
  readonly done: (value: unknown) => void;
  readonly failed: (error: unknown) => void;
}

/** A serial queue: a short burst (`burst` calls) goes out at once, then about one call per `minIntervalMs` (a token bucket). */
export class SendQueue {
  private readonly waiting: Record<SendPriority, Task[]> = { first: [], later: [] };
  private pumping = false;
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

  /** Run `call` after the calls queued before it with the same or a higher priority, spaced; retried on 429 only. */
  run<T>(call: () => Promise<T>, priority: SendPriority = 'later'): Promise<T> {
    return new Promise<T>((done, failed) => {
      this.waiting[priority].push({ call, done: done as (value: unknown) => void, failed });
      void this.pump();
    });
  }

  /** Stop waiting (queued calls still run, without spacing). */
  dispose(): void {
    this.stopper.abort();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting.first.length + this.waiting.later.length > 0) {
        // The call is chosen once its turn has come, so a first message queued meanwhile takes it.
        await this.take();
        const task = this.next()!;
        try {
          task.done(await this.spaced(task.call));
        } catch (error) {
          task.failed(error);
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  private next(): Task | undefined {
    return this.waiting.first.shift() ?? this.waiting.later.shift();
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

  /** Runs `call` (its turn already taken); a 429 waits Telegram's `retry_after` and takes another turn. */
  private async spaced(call: () => Promise<unknown>): Promise<unknown> {
    for (let tries = 0; ; tries++) {
      if (tries > 0) await this.take();
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
