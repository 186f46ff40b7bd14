/**
 * What a chat channel does the same way whatever the chat (Telegram, Slack), around the shared
 * `ChatSync`: an item's message goes through the chat's send queue (a blocked agent's first message
 * ahead of the rest; dropped unsent once the item no longer waits with that prompt) and is stored with
 * one fresh token per button; an edit to an outcome is kept for a buttons-only edit queued after it;
 * a call's failure is logged, never thrown. The chat brings only its transport and its message
 * format, as a `ChatTransport`; its listener (Telegram's poller, Slack's socket) stays its own.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { Logger } from '../platform/log.ts';
import type { ChatRows, Store, TokenAction } from '../store/index.ts';
import type { ChatMessage, ChatSyncDeps } from './chat-sync.ts';
import { ChatSync } from './chat-sync.ts';
import { newPressToken } from './press-token.ts';
import type { SendQueue } from './send-queue.ts';
import { UNSENT } from './send-queue.ts';

/** A button of an item's message (its token's `data` is what the chat sends back on a press). */
export interface ChatButton<A extends TokenAction = TokenAction> {
  readonly text: string;
  readonly action: A;
}

/** An item's message in the chat's format. */
export interface DraftMessage<K, A extends TokenAction> {
  /** The first line, escaped for the chat, kept for outcome edits. */
  readonly header: string;
  readonly buttons: readonly ChatButton<A>[];
  /** Post it with its buttons' tokens, as a reminder in the thread of (or a reply to) `first` when given; resolves to the new message's id. */
  post(buttons: readonly (ChatButton<A> & { readonly data: string })[], first: K | null): Promise<K>;
}

/** One chat's transport and message format: all a `ChatChannel` needs from it. */
export interface ChatTransport<K extends number | string, M extends ChatMessage, A extends TokenAction> {
  /** `phone`, `slack`: the log events' prefix. */
  readonly name: string;
  /** The paired chat (Telegram's chat id, Slack's DM channel). */
  readonly chat: K;
  /** The chat's stored messages and tokens. */
  readonly rows: Pick<ChatRows<K, A, M, unknown>, 'liveMessages' | 'liveMessage' | 'settle' | 'addMessage'>;
  /** New item messages go through `posts`, edits through `edits` (the same queue where the chat limits them together). */
  readonly posts: SendQueue;
  readonly edits: SendQueue;
  /** The item's message, in the chat's format. */
  draft(item: QueueItemDto, opts: { readonly tail: boolean; readonly step: number }): DraftMessage<K, A>;
  /** The item's first message, whose thread a reminder of `m` joins. */
  firstOf(m: M): K;
  /** A key naming message `m` (edits of one message still queued are one). */
  keyOf(m: M): string;
  /** Edit `m` to `outcome`, without buttons; or, `outcome` null, only take its buttons down. */
  edit(m: M, outcome: string | null): Promise<unknown>;
  /** The error's text for the log, secrets taken out. */
  describe(error: unknown): string;
  /** A failure that means there was nothing to do (Telegram's "message is not modified"). */
  harmless?(error: unknown): boolean;
}

/** What the channel needs besides its transport (`api`: the contract's methods, audited as the chat's surface). */
export type ChatChannelDeps = Omit<ChatSyncDeps, 'busy'>;

/** The shared part of a running chat channel. */
export class ChatChannel<K extends number | string, M extends ChatMessage, A extends TokenAction> {
  /** Items an answer from the chat is working on (no new message about them meanwhile). */
  readonly busy = new Set<string>();
  readonly sync: ChatSync<M>;
  /** The outcome text of an edit still queued or on the wire, by message (a buttons-only edit keeps it). */
  private readonly outcomes = new Map<string, string>();

  constructor(
    private readonly deps: ChatChannelDeps,
    private readonly t: ChatTransport<K, M, A>,
  ) {
    this.sync = new ChatSync(
      { ...deps, busy: this.busy },
      {
        name: t.name,
        liveMessages: () => t.rows.liveMessages(),
        liveMessage: (itemId) => t.rows.liveMessage(itemId),
        settle: (itemId, outcome, at) => t.rows.settle(itemId, outcome, at),
        send: (item, step, previous) => this.send(item, step, previous),
        edit: (message, outcome) => this.edit(message, outcome),
      },
    );
  }

  /** What every chat's input handler is given: the store, the audited methods, the busy items, outcome edits, sends in flight. */
  handlerDeps(): {
    readonly store: Store;
    readonly api: ApiMethods;
    readonly logger: Logger;
    readonly now: () => number;
    readonly busy: Set<string>;
    settled(message: M, outcome: string): Promise<void>;
    sendOf(itemId: string): Promise<void>;
  } {
    const { store, api, logger, now } = this.deps;
    return {
      store,
      api,
      logger,
      now,
      busy: this.busy,
      // Queued, not awaited: the next press must not wait behind the chat's rate limit.
      settled: (message, outcome) => {
        void this.edit(message, outcome);
        return Promise.resolve();
      },
      sendOf: (itemId) => this.sync.sendOf(itemId),
    };
  }

  /** Start following the queue (the chat starts its listener itself). */
  start(): void {
    this.sync.start();
  }

  /** Stop following the queue, flush the send queues, then stop the chat's `listener`; what is stored stays. */
  async stop(listener: { stop(): Promise<void> }): Promise<void> {
    // The sync stops following the queue first (synchronously), then the queues flush.
    const synced = this.sync.stop();
    this.t.posts.dispose();
    this.t.edits.dispose();
    await listener.stop();
    await synced;
  }

  /** False when the message was dropped unsent (the item no longer waits with that prompt). */
  private async send(item: QueueItemDto, step: number, previous: M | null): Promise<boolean> {
    const { logger, now, settings } = this.deps;
    const { name, rows } = this.t;
    const draft = this.t.draft(item, { tail: settings().tail, step });
    const buttons = draft.buttons.map((b) => ({ ...b, ...newPressToken() }));
    const first = previous === null ? null : this.t.firstOf(previous);
    try {
      const sent = await this.t.posts.run(() => draft.post(buttons, first), {
        // The first message about a blocked agent is what the user waits for; an idle agent's, or a
        // reminder's repeat, can wait behind it (each chat allows about one message a second).
        priority: previous === null && item.reason !== 'idle' && item.reason !== 'idle-after-nudges' ? 'first' : 'later',
        wanted: () => this.sync.stillWaiting(item.id, item.fingerprint),
      });
      if (sent === UNSENT) {
        logger.log('info', `${name}.send-dropped`, { itemId: item.id, reason: 'no longer waiting with that prompt' });
        return false;
      }
      rows.addMessage(
        {
          chat: this.t.chat,
          id: sent,
          first: first ?? sent,
          itemId: item.id,
          fingerprint: item.fingerprint,
          header: draft.header,
          step,
          sentAt: now(),
        },
        buttons.map((b) => ({ hash: b.hash, itemId: item.id, action: b.action, fingerprint: item.fingerprint })),
      );
      logger.log('info', `${name}.sent`, { itemId: item.id, step });
    } catch (error) {
      logger.log('warn', `${name}.send-failed`, { itemId: item.id, error: this.t.describe(error) });
    }
    return true;
  }

  /**
   * Edit a message to its outcome (no buttons), or only take its buttons down (`outcome` null). Edits
   * of one message still queued are one edit, the newest; an outcome's text also takes the buttons
   * down, so a buttons-only edit queued after it keeps that text.
   */
  edit(m: M, outcome: string | null): Promise<void> {
    const key = this.t.keyOf(m);
    const text = outcome ?? this.outcomes.get(key) ?? null;
    if (text !== null) this.outcomes.set(key, text);
    return this.quietly('edit', () =>
      this.t.edits
        .run(() => this.t.edit(m, text), { key })
        .finally(() => {
          if (text !== null && this.outcomes.get(key) === text) this.outcomes.delete(key);
        }),
    );
  }

  /** Run a call whose failure is logged, never thrown. */
  async quietly(what: string, call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      if (this.t.harmless?.(error)) return;
      this.deps.logger.log('warn', `${this.t.name}.call-failed`, { what, error: this.t.describe(error) });
    }
  }
}
