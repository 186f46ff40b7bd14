/**
 * The Telegram channel while paired: polls for presses and replies (poller.ts → update-handler.ts)
 * and keeps the chat in step with the queue. Every waiting item has one message holding its live
 * buttons; a reminder sends a new message replying to the first (the old one loses its buttons); an
 * item answered anywhere else has its message edited to that outcome; a changed prompt takes the old
 * buttons down and sends a new message. Reconciling against the queue (on every queue change, every
 * few seconds and at start) is what makes all of this survive a restart.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { EngineEvents } from '../api/events.ts';
import type { Logger } from '../platform/log.ts';
import { isSnoozed } from '../sessions/queue.ts';
import type { PhoneMessage, Store } from '../store/index.ts';
import type { BotApi } from './bot-api.ts';
import { BotApiError } from './bot-api.ts';
import { itemMessage, outcomeHtml } from './item-message.ts';
import { resolutionWords } from './outcome-words.ts';
import { Poller } from './poller.ts';
import { newPressToken } from './press-token.ts';
import { SendQueue, UNSENT } from './send-queue.ts';
import { handleUpdates, PROMPT_CHANGED } from './update-handler.ts';
import type { HandlerDeps } from './update-handler.ts';

/** What the channel reads from the config, live. */
export interface PhoneSettings {
  /** Send the pane's last lines. */
  readonly tail: boolean;
  /** Only items that have waited at least this long go to the phone (0: all). */
  readonly afterMs: number;
}

/** Everything the channel needs. */
export interface ChannelDeps {
  readonly store: Store;
  /** The contract's methods audited as `telegram`. */
  readonly api: ApiMethods;
  readonly events: EngineEvents;
  readonly logger: Logger;
  readonly now: () => number;
  readonly bot: BotApi;
  readonly settings: () => PhoneSettings;
  readonly pollTimeoutS: number;
  readonly minSendIntervalMs: number;
  /** The token was refused (401): the channel has stopped polling. */
  readonly unauthorized: (message: string) => void;
}

const RECONCILE_MS = 10_000;

/** A running channel for the paired chat. */
export class PhoneChannel {
  private readonly sends: SendQueue;
  private readonly poller: Poller;
  private readonly inflight = new Map<string, Promise<void>>();
  private readonly busy = new Set<string>();
  /** The outcome text of an edit still queued or on the wire, by message (a buttons-only edit keeps it). */
  private readonly outcomes = new Map<string, string>();
  private readonly unsubscribe: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private reconciling: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: ChannelDeps,
    private readonly chatId: number,
  ) {
    this.sends = new SendQueue({ intervalMs: deps.minSendIntervalMs, now: deps.now });
    const handler: HandlerDeps = {
      store: deps.store,
      api: deps.api,
      logger: deps.logger,
      now: deps.now,
      busy: this.busy,
      answerPress: (id, text) =>
        this.quietly('answerCallbackQuery', () => deps.bot.call('answerCallbackQuery', { callback_query_id: id, text })),
      // Replies and edits are queued, not awaited: behind the chat's one-a-second limit they would
      // hold up the next updates (another press waited seconds for its key behind them).
      reply: (text, replyTo) => {
        void this.quietly('sendMessage', () =>
          this.sends.run(() =>
            deps.bot.call('sendMessage', {
              chat_id: chatId,
              text,
              reply_parameters: { message_id: replyTo, allow_sending_without_reply: true },
            }),
          ),
        );
        return Promise.resolve();
      },
      settled: (message, outcome) => {
        void this.edit(message, outcome);
        return Promise.resolve();
      },
      sendOf: (itemId) => this.inflight.get(itemId) ?? Promise.resolve(),
    };
    this.poller = new Poller({
      api: deps.bot,
      pollTimeoutS: deps.pollTimeoutS,
      offset: () => deps.store.phone.pairing().offset,
      handle: async (updates) => {
        await handleUpdates(handler, updates);
        this.reconcileSoon();
      },
      polled: (error) => {
        deps.store.phone.recordPoll(deps.now(), error);
        if (error) deps.logger.log('warn', 'phone.poll-failed', { error });
      },
      unauthorized: (message) => deps.unauthorized(message),
    });
  }

  /** Start polling, follow the queue, and reconcile what a previous run left. */
  start(): void {
    const { events } = this.deps;
    this.unsubscribe.push(
      events.on('queue:changed', () => this.reconcileSoon()),
      events.on('item:added', () => this.reconcileSoon()),
      events.on('reminder', (r) => void this.remind(r.id, r.step)),
      events.on('item:resolved', () => this.reconcileSoon()),
    );
    this.poller.start();
    this.reconcileSoon();
    const tick = () => {
      this.reconcileSoon();
      this.timer = setTimeout(tick, RECONCILE_MS);
    };
    this.timer = setTimeout(tick, RECONCILE_MS);
  }

  /** Stop polling and sending; what is stored stays for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const off of this.unsubscribe) off();
    if (this.timer) clearTimeout(this.timer);
    this.sends.dispose();
    await this.poller.stop();
    await this.reconciling;
    await Promise.allSettled([...this.inflight.values()]);
  }

  /** Send a test message (`trailboss phone test`). */
  async test(text: string): Promise<void> {
    await this.sends.run(() => this.deps.bot.call('sendMessage', { chat_id: this.chatId, text }));
  }

  /** Reconcile now, or once more after the one running. */
  private reconcileSoon(): void {
    if (this.stopped) return;
    if (this.reconciling) {
      this.again = true;
      return;
    }
    this.reconciling = this.reconcile()
      .catch((error) =>
        this.deps.logger.log('warn', 'phone.reconcile-failed', { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        this.reconciling = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.reconcileSoon();
        }
      });
  }

  private async reconcile(): Promise<void> {
    const listed = await this.deps.api['queue:list']({});
    if (!listed.ok) return;
    const { store } = this.deps;
    const visible = new Map(listed.value.map((i) => [i.id, i]));
    // Messages whose item left the queue (or is hidden now): edit them to what happened.
    for (const m of store.phone.liveMessages()) {
      if (visible.has(m.itemId) || this.busy.has(m.itemId) || this.inflight.has(m.itemId)) continue;
      const resolved = store.resolved.get(m.itemId);
      const still = store.items.get(m.itemId);
      const words = resolved
        ? resolutionWords(resolved.how, resolved.by, resolved.resolvedAt)
        : still
          ? isSnoozed(still, this.deps.now())
            ? '💤 snoozed at the desk'
            : '🔕 muted at the desk'
          : '✖️ no longer waiting';
      store.phone.settle(m.itemId, words, this.deps.now());
      // Not awaited: edits queue behind the first messages of new items, which must not wait for them.
      void this.edit(m, words);
    }
    const { afterMs } = this.deps.settings();
    // Every send is queued at once and not awaited (the queue spaces them and puts a blocked agent
    // first; `inflight` keeps the next reconcile from sending twice): waiting here would hold a new
    // prompt behind the idle agents listed before it, or behind this round's whole backlog.
    for (const item of listed.value) {
      if (this.stopped || this.busy.has(item.id) || this.inflight.has(item.id) || item.waitedMs < afterMs) continue;
      const live = store.phone.liveMessage(item.id);
      if (live && live.fingerprint === item.fingerprint) continue;
      if (live) {
        store.phone.settle(item.id, PROMPT_CHANGED, this.deps.now());
        void this.edit(live, '↪️ The prompt changed: see the new message.');
      }
      void this.send(item, item.reminderStep);
    }
  }

  private async remind(itemId: string, step: number): Promise<void> {
    if (this.stopped || this.busy.has(itemId)) return;
    await this.inflight.get(itemId);
    const live = this.deps.store.phone.liveMessage(itemId);
    if (!live) return; // never sent (below the threshold, snoozed): the reconcile decides
    const listed = await this.deps.api['queue:list']({});
    const item = listed.ok ? listed.value.find((i) => i.id === itemId) : undefined;
    if (!item || item.fingerprint !== live.fingerprint) return this.reconcileSoon();
    await this.send(item, step, live);
    await this.edit(live, null);
  }

  /** Send a new message for `item` with fresh tokens; a reminder replies to the item's first message. */
  private send(item: QueueItemDto, step: number, previous: PhoneMessage | null = null): Promise<void> {
    const sending = this.sendNow(item, step, previous)
      .finally(() => this.inflight.delete(item.id))
      // Dropped because the prompt changed or went before its turn: the reconcile that saw the change
      // skipped the item while this send was in flight, so look again.
      .then((sent) => (sent ? undefined : this.reconcileSoon()));
    this.inflight.set(item.id, sending);
    return sending;
  }

  /** Whether the item still waits, unsnoozed, with the prompt `fingerprint` (a message about anything else is not sent). */
  private stillWaiting(itemId: string, fingerprint: string): boolean {
    const row = this.deps.store.items.get(itemId);
    return row !== null && !isSnoozed(row, this.deps.now()) && (row.fingerprint ?? '') === fingerprint;
  }

  /** False when the message was dropped unsent (the item no longer waits with that prompt). */
  private async sendNow(item: QueueItemDto, step: number, previous: PhoneMessage | null): Promise<boolean> {
    const { store, bot, settings } = this.deps;
    const message = itemMessage(item, { tail: settings().tail, step });
    const tokens = message.buttons.map((b) => ({ ...b, ...newPressToken() }));
    const first = previous?.firstMessageId ?? null;
    try {
      const sent = await this.sends.run(
        () =>
          bot.call('sendMessage', {
            chat_id: this.chatId,
            text: message.html,
            parse_mode: 'HTML',
            link_preview_options: { is_disabled: true },
            reply_markup: { inline_keyboard: tokens.map((t) => [{ text: t.text, callback_data: t.data }]) },
            ...(first !== null ? { reply_parameters: { message_id: first, allow_sending_without_reply: true } } : {}),
          }),
        {
          // The first message about a blocked agent is what the user waits for; an idle agent's, or a
          // reminder's repeat, can wait behind it (Telegram allows about one message a second per chat).
          priority: previous === null && item.reason !== 'idle' && item.reason !== 'idle-after-nudges' ? 'first' : 'later',
          wanted: () => this.stillWaiting(item.id, item.fingerprint),
        },
      );
      if (sent === UNSENT) {
        this.deps.logger.log('info', 'phone.send-dropped', { itemId: item.id, reason: 'no longer waiting with that prompt' });
        return false;
      }
      const messageId = (sent as { message_id?: unknown } | null)?.message_id;
      if (typeof messageId !== 'number') throw new Error('sendMessage answered without a message id');
      store.phone.addMessage(
        {
          chatId: this.chatId,
          messageId,
          itemId: item.id,
          fingerprint: item.fingerprint,
          firstMessageId: first ?? messageId,
          header: message.header,
          step,
          sentAt: this.deps.now(),
        },
        tokens.map((t) => ({ hash: t.hash, itemId: item.id, action: t.action, fingerprint: item.fingerprint })),
      );
      this.deps.logger.log('info', 'phone.sent', { itemId: item.id, step });
    } catch (error) {
      this.deps.logger.log('warn', 'phone.send-failed', { itemId: item.id, error: error instanceof Error ? error.message : String(error) });
    }
    return true;
  }

  /**
   * Edit a message to its outcome (no buttons), or only take its buttons down (`outcome` null). Edits
   * of one message still queued are one edit, the newest; an outcome's text also takes the buttons
   * down, so a buttons-only edit queued after it keeps that text.
   */
  private edit(m: PhoneMessage, outcome: string | null): Promise<void> {
    const { bot } = this.deps;
    const key = `${m.chatId}:${m.messageId}`;
    const text = outcome ?? this.outcomes.get(key) ?? null;
    if (text !== null) this.outcomes.set(key, text);
    const target = { chat_id: m.chatId, message_id: m.messageId };
    const call = () =>
      text === null
        ? bot.call('editMessageReplyMarkup', target)
        : bot.call('editMessageText', {
            ...target,
            text: outcomeHtml(m.header, text),
            parse_mode: 'HTML',
            link_preview_options: { is_disabled: true },
          });
    return this.quietly('edit', () =>
      this.sends.run(call, { key }).finally(() => {
        if (text !== null && this.outcomes.get(key) === text) this.outcomes.delete(key);
      }),
    );
  }

  /** Run a call whose failure is logged, never thrown; "message is not modified" is success. */
  private async quietly(what: string, call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      if (error instanceof BotApiError && /message is not modified/.test(error.message)) return;
      this.deps.logger.log('warn', 'phone.call-failed', { what, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
