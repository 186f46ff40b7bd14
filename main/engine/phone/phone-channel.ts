/**
 * The Telegram channel while paired: polls for presses and replies (poller.ts → update-handler.ts)
 * and keeps the chat in step with the queue through the shared `ChatChannel` (chat-channel.ts over
 * chat-sync.ts: one live message per item, reminders, outcomes, changed prompts, the send queue).
 * What is Telegram's own is its `ChatTransport` here: the message as HTML with an inline keyboard, a
 * reminder as a reply to the item's first message, an edit that only takes the keyboard down keeping
 * the text, one send queue for everything (Telegram's limit is per chat); and the forced reply that
 * asks for a denial's text.
 */
import type { PhoneMessage, TokenAction } from '../store/index.ts';
import type { BotApi } from './bot-api.ts';
import { BotApiError } from './bot-api.ts';
import type { ChatChannelDeps } from './chat-channel.ts';
import { ChatChannel } from './chat-channel.ts';
import { itemMessage, outcomeHtml } from './item-message.ts';
import { Poller } from './poller.ts';
import { SendQueue } from './send-queue.ts';
import { handleUpdates } from './update-handler.ts';
import type { HandlerDeps } from './update-handler.ts';

export type { PhoneSettings } from './chat-sync.ts';

/** The forced reply a `Deny with a message…` press sends. */
export const ASK_TEXT = 'Reply with what the agent should do instead.';

/** Everything the channel needs (`api`: the contract's methods audited as `telegram`). */
export interface ChannelDeps extends ChatChannelDeps {
  readonly bot: BotApi;
  readonly pollTimeoutS: number;
  readonly minSendIntervalMs: number;
  /** The token was refused (401): the channel has stopped polling. */
  readonly unauthorized: (message: string) => void;
}

/** A running channel for the paired chat. */
export class PhoneChannel {
  private readonly sends: SendQueue;
  private readonly poller: Poller;
  private readonly chat: ChatChannel<number, PhoneMessage, TokenAction>;
  /** Forced replies asking for a denial's text, on their way to the store. */
  private readonly asks = new Set<Promise<void>>();

  constructor(
    private readonly deps: ChannelDeps,
    private readonly chatId: number,
  ) {
    const { bot } = deps;
    this.sends = new SendQueue({ intervalMs: deps.minSendIntervalMs, now: deps.now });
    this.chat = new ChatChannel(deps, {
      name: 'phone',
      chat: chatId,
      rows: deps.store.phone.rows,
      // One queue: Telegram's limit is per chat, edits and replies included.
      posts: this.sends,
      edits: this.sends,
      draft: (item, opts) => {
        const message = itemMessage(item, opts);
        return {
          header: message.header,
          buttons: message.buttons,
          post: async (buttons, first) => {
            const sent = await bot.call('sendMessage', {
              chat_id: chatId,
              text: message.html,
              parse_mode: 'HTML',
              link_preview_options: { is_disabled: true },
              reply_markup: { inline_keyboard: buttons.map((b) => [{ text: b.text, callback_data: b.data }]) },
              ...(first !== null ? { reply_parameters: { message_id: first, allow_sending_without_reply: true } } : {}),
            });
            return sentMessageId(sent);
          },
        };
      },
      firstOf: (m) => m.firstMessageId,
      keyOf: (m) => `${m.chatId}:${m.messageId}`,
      edit: (m, outcome) => {
        const target = { chat_id: m.chatId, message_id: m.messageId };
        return outcome === null
          ? bot.call('editMessageReplyMarkup', target)
          : bot.call('editMessageText', {
              ...target,
              text: outcomeHtml(m.header, outcome),
              parse_mode: 'HTML',
              link_preview_options: { is_disabled: true },
            });
      },
      describe: (error) => (error instanceof Error ? error.message : String(error)),
      harmless: (error) => error instanceof BotApiError && /message is not modified/.test(error.message),
    });
    const handler: HandlerDeps = {
      ...this.chat.handlerDeps(),
      answerPress: (id, text) =>
        this.chat.quietly('answerCallbackQuery', () => bot.call('answerCallbackQuery', { callback_query_id: id, text })),
      // Replies are queued, not awaited: behind the chat's one-a-second limit they would hold up the
      // next updates (another press waited seconds for its key behind them).
      reply: (text, replyTo) => {
        void this.chat.quietly('sendMessage', () =>
          this.sends.run(() =>
            bot.call('sendMessage', {
              chat_id: chatId,
              text,
              reply_parameters: { message_id: replyTo, allow_sending_without_reply: true },
            }),
          ),
        );
        return Promise.resolve();
      },
      askDenial: (message) => {
        const asking = this.askDenial(message).finally(() => this.asks.delete(asking));
        this.asks.add(asking);
      },
      asking: () => Promise.allSettled([...this.asks]).then(() => undefined),
    };
    this.poller = new Poller({
      api: bot,
      pollTimeoutS: deps.pollTimeoutS,
      offset: () => deps.store.phone.pairing().offset,
      handle: async (updates) => {
        await handleUpdates(handler, updates);
        this.chat.sync.reconcileSoon();
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
    this.chat.start();
  }

  /** Stop polling and sending; what is stored stays for the next start. */
  stop(): Promise<void> {
    return this.chat.stop(this.poller);
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
    await this.chat.quietly('ask', async () => {
      const sent = await this.sends.run(() =>
        bot.call('sendMessage', {
          chat_id: m.chatId,
          text: ASK_TEXT,
          reply_markup: { force_reply: true, input_field_placeholder: 'What should the agent do instead?' },
          reply_parameters: { message_id: m.messageId, allow_sending_without_reply: true },
        }),
      );
      store.phone.addAsk({
        chatId: m.chatId,
        messageId: sentMessageId(sent),
        itemId: m.itemId,
        fingerprint: m.fingerprint,
        at: this.deps.now(),
      });
    });
  }
}

/** The id of the message `sendMessage` answered with. */
function sentMessageId(sent: unknown): number {
  const messageId = (sent as { message_id?: unknown } | null)?.message_id;
  if (typeof messageId !== 'number') throw new Error('sendMessage answered without a message id');
  return messageId;
}
