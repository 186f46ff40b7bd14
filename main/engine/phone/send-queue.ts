/**
 * Outgoing messages and edits, one at a time and within Telegram's per-chat limit: a burst of three,
 * then about one a second ("avoid sending more than one message per second" per chat, short bursts
 * tolerated: https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this).
 * A 429 holds every call back for its `retry_after`, then the same call tries again; other failures
 * go back to the caller.
 *
 * The message for a newly waiting agent (`first`) is what the user is waiting for; an edit, a reply
 * or an idle notice (`later`) only tidies, so it goes only from a full bucket and the rest of the
 * burst is kept for new messages — but never waits for ever (send-turn.ts has the order). Queued
 * calls with the same key are one call (only the newest edit of a message matters), and a call no
 * longer `wanted` when its turn comes is dropped unsent.
 */
import { retryDelayMs } from './backoff.ts';
import { BotApiError } from './bot-api.ts';
import { SendBucket } from './send-bucket.ts';
import type { SendPriority } from './send-turn.ts';
import { nextTurn } from './send-turn.ts';

const MAX_RATE_RETRIES = 5;

/** What `run` resolves to for a call dropped because it was no longer wanted. */
export const UNSENT: unique symbol = Symbol('unsent');

/** How a call is queued. */
export interface SendOptions {
  /** `later` unless said. */
  readonly priority?: SendPriority;
  /** A call with the key of one still queued replaces it, in its place and priority; both callers get its result. */
  readonly key?: string;
  /** Asked when its turn comes: false drops the call unsent (it resolves `UNSENT`) without spending a turn. */
  readonly wanted?: () => boolean;
}

/** The queue's knobs; the defaults are Telegram's limit. */
export interface SendQueueOptions {
  readonly intervalMs: number;
  readonly now: () => number;
  readonly burst?: number;
  /** A `later` call that has waited this long is no longer put behind new messages. */
  readonly maxHoldMs?: number;
}

interface Task {
  call: () => Promise<unknown>;
  wanted: (() => boolean) | undefined;
  readonly priority: SendPriority;
  readonly key: string | undefined;
  readonly queuedAt: number;
  readonly callers: { done: (value: unknown) => void; failed: (error: unknown) => void }[];
  tries: number;
}

/** A serial queue over a token bucket; see the file's header for the order. */
export class SendQueue {
  private readonly waiting: Record<SendPriority, Task[]> = { first: [], later: [] };
  private readonly bucket: SendBucket;
  private readonly now: () => number;
  private readonly burst: number;
  private readonly maxHoldMs: number;
  private pumping = false;
  private wake: (() => void) | null = null;
  private stopped = false;

  constructor(opts: SendQueueOptions) {
    this.now = opts.now;
    this.burst = opts.burst ?? 3;
    this.maxHoldMs = opts.maxHoldMs ?? 60_000;
    this.bucket = new SendBucket(opts.intervalMs, this.burst, opts.now());
  }

  /** Queue `call`; it runs after those before it that its priority does not pass, spaced; retried on 429 only. */
  run<T>(call: () => Promise<T>, opts?: SendOptions & { readonly wanted?: undefined }): Promise<T>;
  run<T>(call: () => Promise<T>, opts: SendOptions): Promise<T | typeof UNSENT>;
  run<T>(call: () => Promise<T>, opts: SendOptions = {}): Promise<T | typeof UNSENT> {
    return new Promise((done, failed) => {
      const caller = { done: done as (value: unknown) => void, failed };
      const priority = opts.priority ?? 'later';
      const same = opts.key === undefined ? undefined : this.queued().find((t) => t.key === opts.key);
      if (same) {
        same.call = call;
        same.wanted = opts.wanted;
        same.callers.push(caller);
      } else {
        const task = { call, wanted: opts.wanted, priority, key: opts.key, queuedAt: this.now(), callers: [caller], tries: 0 };
        this.waiting[priority].push(task);
      }
      this.wake?.();
      void this.pump();
    });
  }

  /** Stop spacing: calls still queued run at once (nothing queued is lost), and a 429 is not retried. */
  dispose(): void {
    this.stopped = true;
    this.wake?.();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        const now = this.now();
        const rules = { burst: this.burst, maxHoldMs: this.maxHoldMs, unlimited: this.stopped };
        const next = nextTurn(this.waiting.first[0], this.waiting.later[0], now, this.bucket, rules);
        if (next === null) return;
        if (typeof next === 'number') await this.sleep(next - now);
        else await this.send(next, now);
      }
    } finally {
      this.pumping = false;
    }
  }

  private async send(task: Task, now: number): Promise<void> {
    this.waiting[task.priority].shift();
    if (task.wanted && !task.wanted()) {
      for (const c of task.callers) c.done(UNSENT);
      return;
    }
    this.bucket.take(now);
    try {
      const value = await task.call();
      for (const c of task.callers) c.done(value);
    } catch (error) {
      const limited = error instanceof BotApiError && error.failure === 'rate-limited';
      if (!limited || task.tries >= MAX_RATE_RETRIES || this.stopped) {
        for (const c of task.callers) c.failed(error);
        return;
      }
      // Telegram says how long: nothing goes before then; this call keeps its place at the head.
      this.bucket.holdUntil(this.now() + (retryDelayMs('rate-limited', task.tries, error.retryAfterS) ?? 5_000));
      task.tries += 1;
      this.waiting[task.priority].unshift(task);
      const newer = task.key === undefined ? undefined : this.queued().find((t) => t !== task && t.key === task.key);
      if (newer) {
        // An edit of the same message was queued meanwhile: retry with it, in this call's place.
        this.waiting[newer.priority].splice(this.waiting[newer.priority].indexOf(newer), 1);
        task.call = newer.call;
        task.wanted = newer.wanted;
        task.callers.push(...newer.callers);
      }
    }
  }

  private queued(): Task[] {
    return [...this.waiting.first, ...this.waiting.later];
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(finish, Math.max(0, ms));
      this.wake = finish;
    });
  }
}
