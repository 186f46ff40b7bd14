/**
 * What every chat (Telegram, Slack) does to stay in step with the queue, whatever its transport: one
 * message holding live buttons per waiting item; a reminder sends a new message (the old one loses its
 * buttons); an item answered anywhere else, snoozed or muted at the desk has its message edited to
 * that; a changed prompt takes the old buttons down and sends a new message. Reconciling against the
 * queue (on every queue change, every few seconds and at start) is what makes this survive a restart
 * and a lost connection. The chat supplies its store and how to send and edit (`ChatSide`).
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { EngineEvents } from '../api/events.ts';
import type { Logger } from '../platform/log.ts';
import { isSnoozed } from '../sessions/queue.ts';
import type { Store } from '../store/index.ts';
import { resolutionWords } from './outcome-words.ts';

/** How a message whose prompt changed under it is settled (a fresh `y` then says so). */
export const PROMPT_CHANGED = 'prompt changed';

/** What the chat reads from the config, live. */
export interface PhoneSettings {
  /** Send the pane's last lines. */
  readonly tail: boolean;
  /** Only items that have waited at least this long go to the chat (0: all). */
  readonly afterMs: number;
}

/** A stored message about an item, as every chat keeps one. */
export interface ChatMessage {
  readonly itemId: string;
  readonly fingerprint: string;
}

/** One chat's messages and transport. */
export interface ChatSide<M extends ChatMessage> {
  /** `phone`, `slack`: the log events' prefix. */
  readonly name: string;
  liveMessages(): M[];
  liveMessage(itemId: string): M | null;
  /** Revoke the item's tokens and take its live message down with `outcome` (in the store). */
  settle(itemId: string, outcome: string, at: number): void;
  /** Send a message for `item` (a reminder of `previous` when given); false when it was dropped unsent. */
  send(item: QueueItemDto, step: number, previous: M | null): Promise<boolean>;
  /** Edit a message to its outcome, or only take its buttons down (`outcome` null). Never throws. */
  edit(message: M, outcome: string | null): Promise<void>;
}

/** What the sync needs besides the chat. */
export interface ChatSyncDeps {
  readonly store: Store;
  readonly api: ApiMethods;
  readonly events: EngineEvents;
  readonly logger: Logger;
  readonly now: () => number;
  readonly settings: () => PhoneSettings;
  /** Items an answer from the chat is working on (no new message about them meanwhile). */
  readonly busy: Set<string>;
}

const RECONCILE_MS = 10_000;

/** Keeps one chat's messages in step with the queue. */
export class ChatSync<M extends ChatMessage> {
  private readonly inflight = new Map<string, Promise<void>>();
  private readonly unsubscribe: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private reconciling: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: ChatSyncDeps,
    private readonly side: ChatSide<M>,
  ) {}

  /** Follow the queue and reconcile what a previous run left. */
  start(): void {
    const { events } = this.deps;
    this.unsubscribe.push(
      events.on('queue:changed', () => this.reconcileSoon()),
      events.on('item:added', () => this.reconcileSoon()),
      events.on('reminder', (r) => void this.remind(r.id, r.step)),
      events.on('item:resolved', () => this.reconcileSoon()),
    );
    this.reconcileSoon();
    const tick = () => {
      this.reconcileSoon();
      this.timer = setTimeout(tick, RECONCILE_MS);
    };
    this.timer = setTimeout(tick, RECONCILE_MS);
  }

  /** Stop following; resolves when the reconcile and the sends in flight are over. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const off of this.unsubscribe) off();
    if (this.timer) clearTimeout(this.timer);
    await this.reconciling;
    await Promise.allSettled([...this.inflight.values()]);
  }

  /** A send of this item still storing its tokens (a press waits for it), or nothing. */
  sendOf(itemId: string): Promise<void> {
    return this.inflight.get(itemId) ?? Promise.resolve();
  }

  /** Reconcile now, or once more after the one running. */
  reconcileSoon(): void {
    if (this.stopped) return;
    if (this.reconciling) {
      this.again = true;
      return;
    }
    this.reconciling = this.reconcile()
      .catch((error) =>
        this.deps.logger.log('warn', `${this.side.name}.reconcile-failed`, {
          error: error instanceof Error ? error.message : String(error),
        }),
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
    const { store, busy } = this.deps;
    const visible = new Map(listed.value.map((i) => [i.id, i]));
    // Messages whose item left the queue (or is hidden now): edit them to what happened.
    for (const m of this.side.liveMessages()) {
      if (visible.has(m.itemId) || busy.has(m.itemId) || this.inflight.has(m.itemId)) continue;
      const resolved = store.resolved.get(m.itemId);
      const still = store.items.get(m.itemId);
      const words = resolved
        ? resolutionWords(resolved.how, resolved.by, resolved.resolvedAt)
        : still
          ? isSnoozed(still, this.deps.now())
            ? '💤 snoozed at the desk'
            : '🔕 muted at the desk'
          : '✖️ no longer waiting';
      this.side.settle(m.itemId, words, this.deps.now());
      // Not awaited: edits queue behind the first messages of new items, which must not wait for them.
      void this.side.edit(m, words);
    }
    const { afterMs } = this.deps.settings();
    // Every send is queued at once and not awaited (the chat's send queue spaces them and puts a
    // blocked agent first; `inflight` keeps the next reconcile from sending twice): waiting here would
    // hold a new prompt behind the idle agents listed before it, or behind this round's whole backlog.
    for (const item of listed.value) {
      if (this.stopped || busy.has(item.id) || this.inflight.has(item.id) || item.waitedMs < afterMs) continue;
      const live = this.side.liveMessage(item.id);
      if (live && live.fingerprint === item.fingerprint) continue;
      if (live) {
        this.side.settle(item.id, PROMPT_CHANGED, this.deps.now());
        void this.side.edit(live, '↪️ The prompt changed: see the new message.');
      }
      void this.send(item, item.reminderStep);
    }
  }

  private async remind(itemId: string, step: number): Promise<void> {
    if (this.stopped || this.deps.busy.has(itemId)) return;
    await this.inflight.get(itemId);
    const live = this.side.liveMessage(itemId);
    if (!live) return; // never sent (below the threshold, snoozed): the reconcile decides
    const listed = await this.deps.api['queue:list']({});
    const item = listed.ok ? listed.value.find((i) => i.id === itemId) : undefined;
    if (!item || item.fingerprint !== live.fingerprint) return this.reconcileSoon();
    await this.send(item, step, live);
    await this.side.edit(live, null);
  }

  private send(item: QueueItemDto, step: number, previous: M | null = null): Promise<void> {
    const sending = this.side
      .send(item, step, previous)
      .finally(() => this.inflight.delete(item.id))
      // Dropped because the prompt changed or went before its turn: the reconcile that saw the change
      // skipped the item while this send was in flight, so look again.
      .then((sent) => (sent ? undefined : this.reconcileSoon()));
    this.inflight.set(item.id, sending);
    return sending;
  }

  /** Whether the item still waits, unsnoozed, with the prompt `fingerprint` (a message about anything else is not sent). */
  stillWaiting(itemId: string, fingerprint: string): boolean {
    const row = this.deps.store.items.get(itemId);
    return row !== null && !isSnoozed(row, this.deps.now()) && (row.fingerprint ?? '') === fingerprint;
  }
}
