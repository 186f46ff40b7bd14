/**
 * The Slack channel while paired: the socket (slack-socket.ts → slack-handler.ts) for presses and
 * replies, and the DM kept in step with the queue, as the Telegram channel keeps its chat. Every
 * waiting item has one message holding its live buttons; a reminder posts a new message in the first
 * message's thread (a `chat.update` does not notify; the old message loses its buttons); an item
 * answered anywhere else — the desk, Telegram — has its message updated to that outcome; a changed
 * prompt takes the old buttons down and posts a new message. Reconciling against the queue (on every
 * queue change, every few seconds and at start) makes this survive a restart and a dropped socket.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { EngineEvents } from '../api/events.ts';
import type { PhoneSettings } from '../phone/phone-channel.ts';
import { resolutionWords } from '../phone/outcome-words.ts';
import { newPressToken } from '../phone/press-token.ts';
import { SendQueue, UNSENT } from '../phone/send-queue.ts';
import type { Logger } from '../platform/log.ts';
import { isSnoozed } from '../sessions/queue.ts';
import type { SlackMessage, Store } from '../store/index.ts';
import type { SlackApi } from './slack-api.ts';
import { readEnvelope } from './slack-events.ts';
import { handleSlackInput } from './slack-handler.ts';
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
  /** Spacing of posts to the DM (1000 ms: Slack's chat.postMessage allows about one a second per channel). */
  readonly minSendIntervalMs: number;
  /** The app token was refused: the channel has stopped listening. */
  readonly unauthorized: (message: string) => void;
  readonly requestTimeoutMs?: number;
}

const RECONCILE_MS = 10_000;
const PROMPT_CHANGED = 'prompt changed';

/** A running channel for the paired DM. */
export class SlackChannel {
  private readonly sends: SendQueue;
  private readonly socket: SlackSocket;
  private readonly inflight = new Map<string, Promise<void>>();
  private readonly busy = new Set<string>();
  /** The outcome of an update still queued or on the wire, by message (a buttons-only update keeps it). */
  private readonly outcomes = new Map<string, string>();
  private readonly unsubscribe: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private reconciling: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: SlackChannelDeps,
    private readonly channelId: string,
  ) {
    this.sends = new SendQueue({ intervalMs: deps.minSendIntervalMs, now: deps.now });
    const handler: SlackHandlerDeps = {
      store: deps.store,
      api: deps.api,
      logger: deps.logger,
      now: deps.now,
      busy: this.busy,
      // Replies and updates are queued, not awaited: the next press must not wait behind them.
      reply: (text, threadTs) => {
        void this.quietly('chat.postMessage', () =>
          this.sends.run(() =>
            deps.web.call('chat.postMessage', { channel: channelId, text, ...(threadTs ? { thread_ts: threadTs } : {}) }),
          ),
        );
        return Promise.resolve();
      },
      settled: (message, outcome) => {
        void this.update(message, outcome);
        return Promise.resolve();
      },
      sendOf: (itemId) => this.inflight.get(itemId) ?? Promise.resolve(),
    };
    this.socket = new SlackSocket({
      apiBase: deps.apiBase,
      appToken: deps.appToken,
      logger: deps.logger,
      ...(deps.requestTimeoutMs ? { requestTimeoutMs: deps.requestTimeoutMs } : {}),
      handle: async (envelope) => {
        await handleSlackInput(handler, readEnvelope(envelope));
        this.reconcileSoon();
      },
      state: (connected, error) => {
        deps.store.slack.recordConnection(deps.now(), connected, error);
        // A new connection: whatever changed while away is put right.
        if (connected) this.reconcileSoon();
      },
      unauthorized: (message) => deps.unauthorized(message),
    });
  }

  /** Connect, follow the queue, and reconcile what a previous run left. */
  start(): void {
    const { events } = this.deps;
    this.unsubscribe.push(
      events.on('queue:changed', () => this.reconcileSoon()),
      events.on('item:added', () => this.reconcileSoon()),
      events.on('reminder', (r) => void this.remind(r.id, r.step)),
      events.on('item:resolved', () => this.reconcileSoon()),
    );
    this.socket.start();
    this.reconcileSoon();
    const tick = () => {
      this.reconcileSoon();
      this.timer = setTimeout(tick, RECONCILE_MS);
    };
    this.timer = setTimeout(tick, RECONCILE_MS);
  }

  /** Disconnect and stop posting; what is stored stays for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const off of this.unsubscribe) off();
    if (this.timer) clearTimeout(this.timer);
    this.sends.dispose();
    await this.socket.stop();
    await this.reconciling;
    await Promise.allSettled([...this.inflight.values()]);
  }

  private reconcileSoon(): void {
    if (this.stopped) return;
    if (this.reconciling) {
      this.again = true;
      return;
    }
    this.reconciling = this.reconcile()
      .catch((error) => this.deps.logger.log('warn', 'slack.reconcile-failed', { error: redactedSlackError(error) }))
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
    for (const m of store.slack.liveMessages()) {
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
      store.slack.settle(m.itemId, words, this.deps.now());
      void this.update(m, words);
    }
    const { afterMs } = this.deps.settings();
    for (const item of listed.value) {
      if (this.stopped || this.busy.has(item.id) || this.inflight.has(item.id) || item.waitedMs < afterMs) continue;
      const live = store.slack.liveMessage(item.id);
      if (live && live.fingerprint === item.fingerprint) continue;
      if (live) {
        store.slack.settle(item.id, PROMPT_CHANGED, this.deps.now());
        void this.update(live, '↪️ The prompt changed: see the new message.');
      }
      void this.post(item, item.reminderStep);
    }
  }

  private async remind(itemId: string, step: number): Promise<void> {
    if (this.stopped || this.busy.has(itemId)) return;
    await this.inflight.get(itemId);
    const live = this.deps.store.slack.liveMessage(itemId);
    if (!live) return;
    const listed = await this.deps.api['queue:list']({});
    const item = listed.ok ? listed.value.find((i) => i.id === itemId) : undefined;
    if (!item || item.fingerprint !== live.fingerprint) return this.reconcileSoon();
    await this.post(item, step, live);
    await this.update(live, null);
  }

  private post(item: QueueItemDto, step: number, previous: SlackMessage | null = null): Promise<void> {
    const posting = this.postNow(item, step, previous)
      .finally(() => this.inflight.delete(item.id))
      .then((sent) => (sent ? undefined : this.reconcileSoon()));
    this.inflight.set(item.id, posting);
    return posting;
  }

  private stillWaiting(itemId: string, fingerprint: string): boolean {
    const row = this.deps.store.items.get(itemId);
    return row !== null && !isSnoozed(row, this.deps.now()) && (row.fingerprint ?? '') === fingerprint;
  }

  /** False when the post was dropped (the item no longer waits with that prompt). */
  private async postNow(item: QueueItemDto, step: number, previous: SlackMessage | null): Promise<boolean> {
    const { store, web, settings } = this.deps;
    const message = slackItemMessage(item, { tail: settings().tail, step });
    const tokens = message.buttons.map((b) => ({ ...b, ...newPressToken() }));
    const first = previous?.firstTs ?? null;
    try {
      const sent = await this.sends.run(
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
          wanted: () => this.stillWaiting(item.id, item.fingerprint),
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
      this.sends
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
