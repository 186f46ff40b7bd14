/**
 * The long-poll loop: `deleteWebhook` once, then `getUpdates` with the persisted offset, again and
 * again. Each request has a watchdog (its long-poll time plus a margin, then it is aborted and a new
 * one starts), failures back off and recover by themselves, and a 401 stops the loop for good. The
 * handler advances the offset itself (in the transaction that acts on an update), so an update is
 * redelivered until it has been handled. An answer that moves the offset nowhere (entries without a
 * usable `update_id`, which only a later update's offset can confirm) backs off like a failure
 * instead of asking again at once.
 */
import { BotApiError, UPDATES_PER_POLL } from './bot-api.ts';
import type { BotApi } from './bot-api.ts';
import { pause, retryDelayMs } from './backoff.ts';
import type { ChannelUpdate } from './updates.ts';
import { readUpdates } from './updates.ts';

/** The longest wait after an answer that moved the offset nowhere. */
const STALLED_MAX_MS = 5_000;

/** What the loop needs. */
export interface PollerDeps {
  readonly api: BotApi;
  /** The offset to ask from (persisted). */
  offset(): number;
  /** Handle a batch in order; must move the offset past each update it finished. */
  handle(updates: readonly ChannelUpdate[]): Promise<void>;
  /** A poll answered (error null) or failed (its redacted message). */
  polled(error: string | null): void;
  /** The token was refused (401): the loop has stopped. */
  unauthorized(message: string): void;
  /** Long-poll time in seconds (Telegram allows up to 50; 25 is common). */
  readonly pollTimeoutS: number;
}

/** A running poll loop. */
export class Poller {
  private readonly stopper = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(private readonly deps: PollerDeps) {}

  /** Start polling (once). */
  start(): void {
    this.loop ??= this.run();
  }

  /** Stop: the request in flight is aborted; resolves when the loop has ended. */
  async stop(): Promise<void> {
    this.stopper.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    const signal = this.stopper.signal;
    let attempt = 0;
    let webhookCleared = false;
    while (!signal.aborted) {
      try {
        if (!webhookCleared) {
          // getUpdates refuses to work while a webhook is set (https://core.telegram.org/bots/api#getupdates).
          await this.deps.api.call('deleteWebhook', { drop_pending_updates: false }, { signal });
          webhookCleared = true;
        }
        const offset = this.deps.offset();
        const result = await this.deps.api.call(
          'getUpdates',
          { offset, timeout: this.deps.pollTimeoutS, limit: UPDATES_PER_POLL, allowed_updates: ['message', 'callback_query'] },
          { signal, extraMs: this.deps.pollTimeoutS * 1000 },
        );
        const updates = readUpdates(result);
        if (updates.length > 0) await this.deps.handle(updates);
        if (Array.isArray(result) && result.length > 0 && this.deps.offset() <= offset) {
          this.deps.polled(`getUpdates: ${result.length} update(s) without a usable update_id; skipped until a later one confirms them`);
          // At most 5 s: the next real update, which confirms them, should not wait the failures' minute.
          await pause(Math.min(STALLED_MAX_MS, retryDelayMs('bad-request', attempt++, null) ?? 1_000), signal);
          continue;
        }
        attempt = 0;
        this.deps.polled(null);
      } catch (error) {
        if (signal.aborted) break;
        const failure = error instanceof BotApiError ? error : new BotApiError('network', String(error));
        const delay = retryDelayMs(failure.failure, attempt++, failure.retryAfterS);
        if (delay === null) {
          this.deps.unauthorized(failure.message);
          return;
        }
        this.deps.polled(failure.message);
        await pause(delay, signal);
      }
    }
  }
}
