/**
 * The Telegram channel while paired: polls for presses and replies (poller.ts → update-handler.ts)
 * and keeps the chat in step with the queue through the shared `ChatSync` (chat-sync.ts: one live
 * message per item, reminders, outcomes, changed prompts). What is Telegram's own stays here: the
 * message as HTML with an inline keyboard, a reminder as a reply to the item's first message, an
 * edit that only takes the keyboard down keeping the text.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { EngineEvents } from '../api/events.ts';
import type { Logger } from '../platform/log.ts';
import type { PhoneMessage, Store } from '../store/index.ts';
import type { BotApi } from './bot-api.ts';
import { BotApiError } from './bot-api.ts';
import type { PhoneSettings } from './chat-sync.ts';
import { ChatSync } from './chat-sync.ts';
import { itemMessage, outcomeHtml } from './item-message.ts';
import { Poller } from './poller.ts';
import { newPressToken } from './press-token.ts';
import { SendQueue, UNSENT } from './send-queue.ts';
import { handleUpdates } from './update-handler.ts';
import type { HandlerDeps } from './update-handler.ts';

export type { PhoneSettings } from './chat-sync.ts';

/** The forced reply a `Deny with a message…` press sends. */
export const ASK_TEXT = 'Reply with what the agent should do instead.';

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

/** A running channel for the paired chat. */
export class PhoneChannel {
  private readonly sends: SendQueue;
  private readonly poller: Poller;
  private readonly sync: ChatSync<PhoneMessage>;
  private readonly busy = new Set<string>();
  /** The outcome text of an edit still queued or on the wire, by message (a buttons-only edit keeps it). */
  private readonly outcomes = new Map<string, string>();
  /** Forced replies asking for a denial's text, on their way to the store. */
  private readonly asks = new Set<Promise<void>>();

  constructor(
    private readonly deps: ChannelDeps,
    private readonly chatId: number,
  ) {
    this.sends = new SendQueue({ intervalMs: deps.minSendIntervalMs, now: deps.now });
    this.sync = new ChatSync(
      {
        store: deps.store,
        api: deps.api,
        events: deps.events,
        logger: deps.logger,
        now: deps.now,
        settings: deps.settings,
        busy: this.busy,
      },
      {
        name: 'phone',
        liveMessages: () => deps.store.phone.liveMessages(),
        liveMessage: (itemId) => deps.store.phone.liveMessage(itemId),
        settle: (itemId, outcome, at) => deps.store.phone.settle(itemId, outcome, at),
        send: (item, step, previous) => this.sendNow(item, step, previous),
        edit: (message, outcome) => this.edit(message, outcome),
      },
    );
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
      sendOf: (itemId) => this.sync.sendOf(itemId),
      askDenial: (message) => {
        const asking = this.askDenial(message).finally(() => this.asks.delete(asking));
        this.asks.add(asking);
      },
      asking: () => Promise.allSettled([...this.asks]).then(() => undefined),
    };
    this.poller = new Poller({
      api: deps.bot,
      pollTimeoutS: deps.pollTimeoutS,
      offset: () => deps.store.phone.pairing().offset,
      handle: async (updates) => {
        await handleUpdates(handler, updates);
        this.sync.reconcileSoon();
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
    this.poller.start();
    this.sync.start();
  }

  /** Stop polling and sending; what is stored stays for the next start. */
  async stop(): Promise<void> {
    // The sync stops following the queue first (synchronously), then the queue flushes.
    const synced = this.sync.stop();
    this.sends.dispose();
    await this.poller.stop();
    await synced;
  }

  /** Send a test message (`trailboss phone test`). */
  async test(text: string): Promise<void> {
    await this.sends.run(() => this.deps.bot.call('sendMessage', { chat_id: this.chatId, text }));
  }

  /**
   * Ask for a denial's text with a forced reply to the prompt's message, and record the ask so a reply
   * to it finds its item. It is not an item's message: the reconcile never edits or replaces it.
   */
  private async askDenial(m: PhoneMessage): Promise<void> {
    const { bot, store } = this.deps;
    await this.quietly('ask', async () => {
      const sent = await this.sends.run(() =>
        bot.call('sendMessage', {
          chat_id: m.chatId,
          text: ASK_TEXT,
          reply_markup: { force_reply: true, input_field_placeholder: 'What should the agent do instead?' },
          reply_parameters: { message_id: m.messageId, allow_sending_without_reply: true },
        }),
      );
      const messageId = (sent as { message_id?: unknown } | null)?.message_id;
      if (typeof messageId !== 'number') throw new Error('sendMessage answered without a message id');
      store.phone.addAsk({ chatId: m.chatId, messageId, itemId: m.itemId, fingerprint: m.fingerprint, at: this.deps.now() });
    });
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
          wanted: () => this.sync.stillWaiting(item.id, item.fingerprint),
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
