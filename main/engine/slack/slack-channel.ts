/**
 * The Slack channel while paired: the socket (slack-socket.ts → slack-handler.ts) for presses and
 * replies, and the DM kept in step with the queue through the shared `ChatChannel`
 * (phone/chat-channel.ts over phone/chat-sync.ts: one live message per item, reminders, outcomes of
 * answers anywhere else — the desk, Telegram —, changed prompts, the send queue; a new connection
 * reconciles at once). What is Slack's own is its `ChatTransport` here: Block Kit messages, a
 * reminder as a new message in the first message's thread (a `chat.update` does not notify), an
 * update that takes the buttons down, a queue for each method (Slack limits each on its own); and the
 * `Deny with a message…` form (`views.open`).
 */
import type { ChatChannelDeps } from '../phone/chat-channel.ts';
import { ChatChannel } from '../phone/chat-channel.ts';
import { SendQueue } from '../phone/send-queue.ts';
import type { SlackMessage, TokenAction } from '../store/index.ts';
import type { SlackApi } from './slack-api.ts';
import { readEnvelope } from './slack-events.ts';
import { formAnswer, handleSlackInput } from './slack-handler.ts';
import { denyFormView } from './slack-deny-form.ts';
import type { SlackHandlerDeps } from './slack-handler.ts';
import { buttonsBlock, slackItemMessage, slackOutcome } from './slack-message.ts';
import { SlackSocket } from './slack-socket.ts';
import { redactedSlackError } from './slack-redact.ts';

/** Everything the channel needs (`api`: the contract's methods audited as `slack`). */
export interface SlackChannelDeps extends ChatChannelDeps {
  readonly web: SlackApi;
  readonly apiBase: string;
  readonly appToken: string;
  /** Spacing of posts to the DM (1000 ms: Slack's chat.postMessage allows about one a second per channel); updates get 1.2× (Tier 3, 50 a minute). */
  readonly minSendIntervalMs: number;
  /** The app token was refused: the channel has stopped listening. */
  readonly unauthorized: (message: string) => void;
  readonly requestTimeoutMs?: number;
}

/** A running channel for the paired DM. */
export class SlackChannel {
  /** chat.postMessage: Slack's "special" tier, about one message a second per channel (short bursts allowed). */
  private readonly posts: SendQueue;
  /** chat.update: its own Tier 3 limit (about 50 a minute), so outcome updates never take a new message's turn. */
  private readonly updates: SendQueue;
  private readonly socket: SlackSocket;
  private readonly chat: ChatChannel<string, SlackMessage, TokenAction>;

  constructor(
    private readonly deps: SlackChannelDeps,
    private readonly channelId: string,
  ) {
    const { web } = deps;
    // Slack limits each method on its own (https://api.slack.com/apis/rate-limits): one queue each.
    this.posts = new SendQueue({ intervalMs: deps.minSendIntervalMs, now: deps.now });
    this.updates = new SendQueue({ intervalMs: deps.minSendIntervalMs * 1.2, now: deps.now });
    this.chat = new ChatChannel(deps, {
      name: 'slack',
      chat: channelId,
      rows: deps.store.slack.rows,
      posts: this.posts,
      edits: this.updates,
      draft: (item, opts) => {
        const message = slackItemMessage(item, opts);
        return {
          header: message.header,
          buttons: message.buttons,
          post: async (buttons, first) => {
            const sent = await web.call('chat.postMessage', {
              channel: channelId,
              text: message.text,
              blocks: [...message.blocks, buttonsBlock(buttons)],
              unfurl_links: false,
              unfurl_media: false,
              ...(first !== null ? { thread_ts: first } : {}),
            });
            const ts = sent['ts'];
            if (typeof ts !== 'string') throw new Error('chat.postMessage answered without a ts');
            return ts;
          },
        };
      },
      firstOf: (m) => m.firstTs,
      keyOf: (m) => `${m.channelId}:${m.ts}`,
      // A buttons-only update keeps the text and says why the buttons went.
      edit: (m, outcome) =>
        web.call('chat.update', {
          channel: m.channelId,
          ts: m.ts,
          ...slackOutcome(m.header, outcome ?? '⏰ A reminder follows in this thread.'),
        }),
      describe: (error) => redactedSlackError(error),
    });
    const handler: SlackHandlerDeps = {
      ...this.chat.handlerDeps(),
      // Replies are queued, not awaited: the next press must not wait behind them.
      reply: (text, threadTs) => {
        void this.chat.quietly('chat.postMessage', () =>
          this.posts.run(() =>
            deps.web.call('chat.postMessage', { channel: channelId, text, ...(threadTs ? { thread_ts: threadTs } : {}) }),
          ),
        );
        return Promise.resolve();
      },
      // Not queued: the trigger lasts 3 s, and views.open has its own limit (Tier 4), apart from posts.
      openForm: async (triggerId, message, data) => {
        try {
          await deps.web.call('views.open', { trigger_id: triggerId, view: denyFormView(message.header, data) });
          return true;
        } catch (error) {
          deps.logger.log('warn', 'slack.form-failed', { error: redactedSlackError(error) });
          return false;
        }
      },
    };
    this.socket = new SlackSocket({
      apiBase: deps.apiBase,
      appToken: deps.appToken,
      logger: deps.logger,
      ...(deps.requestTimeoutMs ? { requestTimeoutMs: deps.requestTimeoutMs } : {}),
      answer: (envelope) => formAnswer(deps.store, readEnvelope(envelope)),
      handle: async (envelope) => {
        await handleSlackInput(handler, readEnvelope(envelope), envelope.acked?.['response_action'] === 'errors');
        this.chat.sync.reconcileSoon();
      },
      state: (connected, error) => {
        deps.store.slack.recordConnection(deps.now(), connected, error);
        // A new connection: whatever changed while away is put right.
        if (connected) this.chat.sync.reconcileSoon();
      },
      unauthorized: (message) => deps.unauthorized(message),
    });
  }

  /** Connect, follow the queue, and reconcile what a previous run left. */
  start(): void {
    this.socket.start();
    this.chat.start();
  }

  /** Disconnect and stop posting; what is stored stays for the next start. */
  stop(): Promise<void> {
    return this.chat.stop(this.socket);
  }
}
