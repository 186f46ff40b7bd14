/**
 * The Slack channel while paired: the socket (slack-socket.ts → slack-handler.ts) for presses and
 * replies, and the DM kept in step with the queue through the shared `ChatSync` (phone/chat-sync.ts:
 * one live message per item, reminders, outcomes of answers anywhere else — the desk, Telegram —,
 * changed prompts; a new connection reconciles at once). What is Slack's own stays here: Block Kit
 * messages, a reminder as a new message in the first message's thread (a `chat.update` does not
 * notify), an update that takes the buttons down, the `Deny with a message…` form (`views.open`).
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { EngineEvents } from '../api/events.ts';
import type { PhoneSettings } from '../phone/chat-sync.ts';
import { ChatSync } from '../phone/chat-sync.ts';
import { newPressToken } from '../phone/press-token.ts';
import { SendQueue, UNSENT } from '../phone/send-queue.ts';
import type { Logger } from '../platform/log.ts';
import type { SlackMessage, Store } from '../store/index.ts';
import type { SlackApi } from './slack-api.ts';
import { readEnvelope } from './slack-events.ts';
import { formAnswer, handleSlackInput } from './slack-handler.ts';
import { denyFormView } from './slack-deny-form.ts';
import type { SlackHandlerDeps } from './slack-handler.ts';
import { buttonsBlock, slackItemMessage, slackOutcome } from './slack-message.ts';
import { SlackSocket } from './slack-socket.ts';
import { redactedSlackError } from './slack-redact.ts';

/** Everything the channel needs. */
export interface SlackChannelDeps {
  readonly store: Store;
  /** The contract's methods audited as `slack`. */
  readonly api: ApiMethods;
  readonly events: EngineEvents;
  readonly logger: Logger;
  readonly now: () => number;
  readonly web: SlackApi;
  readonly apiBase: string;
  readonly appToken: string;
  readonly settings: () => PhoneSettings;
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
  private readonly sync: ChatSync<SlackMessage>;
  private readonly busy = new Set<string>();
  /** The outcome of an update still queued or on the wire, by message (a buttons-only update keeps it). */
  private readonly outcomes = new Map<string, string>();

  constructor(
    private readonly deps: SlackChannelDeps,
    private readonly channelId: string,
  ) {
    // Slack limits each method on its own (https://api.slack.com/apis/rate-limits): one queue each.
    this.posts = new SendQueue({ intervalMs: deps.minSendIntervalMs, now: deps.now });
    this.updates = new SendQueue({ intervalMs: deps.minSendIntervalMs * 1.2, now: deps.now });
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
        name: 'slack',
        liveMessages: () => deps.store.slack.liveMessages(),
        liveMessage: (itemId) => deps.store.slack.liveMessage(itemId),
        settle: (itemId, outcome, at) => deps.store.slack.settle(itemId, outcome, at),
        send: (item, step, previous) => this.postNow(item, step, previous),
        edit: (message, outcome) => this.update(message, outcome),
      },
    );
    const handler: SlackHandlerDeps = {
      store: deps.store,
      api: deps.api,
      logger: deps.logger,
      now: deps.now,
      busy: this.busy,
      // Replies and updates are queued, not awaited: the next press must not wait behind them.
      reply: (text, threadTs) => {
        void this.quietly('chat.postMessage', () =>
          this.posts.run(() =>
            deps.web.call('chat.postMessage', { channel: channelId, text, ...(threadTs ? { thread_ts: threadTs } : {}) }),
          ),
        );
        return Promise.resolve();
      },
      settled: (message, outcome) => {
        void this.update(message, outcome);
        return Promise.resolve();
      },
      sendOf: (itemId) => this.sync.sendOf(itemId),
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
        this.sync.reconcileSoon();
      },
      state: (connected, error) => {
        deps.store.slack.recordConnection(deps.now(), connected, error);
        // A new connection: whatever changed while away is put right.
        if (connected) this.sync.reconcileSoon();
      },
      unauthorized: (message) => deps.unauthorized(message),
    });
  }

  /** Connect, follow the queue, and reconcile what a previous run left. */
  start(): void {
    this.socket.start();
    this.sync.start();
  }

  /** Disconnect and stop posting; what is stored stays for the next start. */
  async stop(): Promise<void> {
    const synced = this.sync.stop();
    this.posts.dispose();
    this.updates.dispose();
    await this.socket.stop();
    await synced;
  }

  /** False when the post was dropped (the item no longer waits with that prompt). */
  private async postNow(item: QueueItemDto, step: number, previous: SlackMessage | null): Promise<boolean> {
    const { store, web, settings } = this.deps;
    const message = slackItemMessage(item, { tail: settings().tail, step });
    const tokens = message.buttons.map((b) => ({ ...b, ...newPressToken() }));
    const first = previous?.firstTs ?? null;
    try {
      const sent = await this.posts.run(
        () =>
          web.call('chat.postMessage', {
            channel: this.channelId,
            text: message.text,
            blocks: [...message.blocks, buttonsBlock(tokens)],
            unfurl_links: false,
            unfurl_media: false,
            ...(first !== null ? { thread_ts: first } : {}),
          }),
        {
          priority: previous === null && item.reason !== 'idle' && item.reason !== 'idle-after-nudges' ? 'first' : 'later',
          wanted: () => this.sync.stillWaiting(item.id, item.fingerprint),
        },
      );
      if (sent === UNSENT) {
        this.deps.logger.log('info', 'slack.send-dropped', { itemId: item.id, reason: 'no longer waiting with that prompt' });
        return false;
      }
      const ts = sent['ts'];
      if (typeof ts !== 'string') throw new Error('chat.postMessage answered without a ts');
      store.slack.addMessage(
        {
          channelId: this.channelId,
          ts,
          itemId: item.id,
          fingerprint: item.fingerprint,
          firstTs: first ?? ts,
          header: message.header,
          step,
          sentAt: this.deps.now(),
        },
        tokens.map((t) => ({ hash: t.hash, itemId: item.id, action: t.action, fingerprint: item.fingerprint })),
      );
      this.deps.logger.log('info', 'slack.sent', { itemId: item.id, step });
    } catch (error) {
      this.deps.logger.log('warn', 'slack.send-failed', { itemId: item.id, error: redactedSlackError(error) });
    }
    return true;
  }

  /**
   * Update a message to its outcome (no buttons), or only take its buttons down (`outcome` null: the
   * message keeps its text). Queued updates of one message are one, the newest.
   */
  private update(m: SlackMessage, outcome: string | null): Promise<void> {
    const { web } = this.deps;
    const key = `${m.channelId}:${m.ts}`;
    const said = outcome ?? this.outcomes.get(key) ?? null;
    if (said !== null) this.outcomes.set(key, said);
    const body = slackOutcome(m.header, said ?? '⏰ A reminder follows in this thread.');
    return this.quietly('chat.update', () =>
      this.updates
        .run(() => web.call('chat.update', { channel: m.channelId, ts: m.ts, ...body }), { key })
        .finally(() => {
          if (said !== null && this.outcomes.get(key) === said) this.outcomes.delete(key);
        }),
    );
  }

  private async quietly(what: string, call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      this.deps.logger.log('warn', 'slack.call-failed', { what, error: redactedSlackError(error) });
    }
  }
}
