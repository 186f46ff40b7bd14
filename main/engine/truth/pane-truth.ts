/**
 * Owns the truth: one state machine per agent pane. Facts go in; state changes are persisted
 * (write on change), turned into attention items (open / update / replace / resolve) and announced.
 */
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { ReminderFields } from '../sessions/attention-item.ts';
import type { AttentionChange, PanePolicy } from '../sessions/attention.ts';
import { attentionFor } from '../sessions/attention.ts';
import type { Fact, PaneKey } from '../sessions/facts.ts';
import type { PaneState, StateMachineConfig } from '../sessions/pane-state.ts';
import { initialPaneState } from '../sessions/pane-state.ts';
import { reduce, settle } from '../sessions/state-machine.ts';
import type { Pane, Resolution, Store } from '../store/index.ts';
import { splitPaneKey } from '../tmux/pane-key.ts';
import type { EngineEvents } from '../api/events.ts';
import type { ItemExtras } from './item-mapping.ts';
import { attentionOf, kindOfReason, newItemOf, patchOf, storedState } from './item-mapping.ts';

export interface TruthDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly events: EngineEvents;
  readonly machineConfig: () => StateMachineConfig;
  readonly expiryMs: () => number;
  readonly policy: (pane: Pane | null, state: PaneState) => PanePolicy;
  readonly reminders: { upsert(item: ReminderFields): void; remove(id: string): void };
  /** Called after every state change (the watchdog follows states). */
  readonly onState?: (state: PaneState) => void;
  /** Called after any item change, so surfaces get the whole queue. */
  readonly onQueueChanged: () => void;
  /** An item opened or changed (the owner turns it into a DTO event). */
  readonly onItem: (event: 'item:added' | 'item:updated', id: string) => void;
}

/** How long a gone pane stays known (listed as gone) before its per-pane memory is dropped. */
export const GONE_FORGET_MS = 10 * 60_000;

export class PaneTruth {
  private readonly states = new Map<PaneKey, PaneState>();
  /**
   * What the stored item row cannot hold, per pane (one open item per pane) and tagged with the item's
   * id. Keyed by pane, not item: an item an action resolves never passes through here, and an entry
   * keyed by its id would stay for the life of the engine.
   */
  private readonly extras = new Map<PaneKey, { readonly id: string; readonly value: ItemExtras }>();
  /** The agent's last words (Claude's Stop hook), shown as context on idle items. */
  private readonly lastMessage = new Map<PaneKey, string>();
  /**
   * Prompts an action just answered (and saw leave). Until the observer reports the pane's new
   * screen, the state still shows the old prompt; it must not come back as a new item.
   */
  private readonly answered = new Map<PaneKey, { fingerprint: string | null; leftAt: number }>();
  /** What to run once the open batch has committed (announcements, reminders); null outside a batch. */
  private effects: (() => void)[] | null = null;

  constructor(private readonly deps: TruthDeps) {}

  get(pane: PaneKey): PaneState | undefined {
    return this.states.get(pane);
  }

  list(): PaneState[] {
    return [...this.states.values()];
  }

  /** Apply facts in order. A fact for a pane never seen (and not `pane-seen`) is logged and skipped. */
  apply(facts: readonly Fact[]): void {
    let queueChanged = false;
    for (const fact of facts) queueChanged = this.applyOne(fact) || queueChanged;
    if (queueChanged) this.deps.onQueueChanged();
  }

  /** How many panes this truth keeps in memory, by map (the soak bench and tests watch these stay bounded). */
  sizes(): { states: number; extras: number; lastMessage: number; answered: number } {
    return { states: this.states.size, extras: this.extras.size, lastMessage: this.lastMessage.size, answered: this.answered.size };
  }

  /** Let stale hook claims give way to what the pane shows (call after each tick); forget panes long gone. */
  settleAll(): void {
    const now = this.deps.clock.now();
    let queueChanged = false;
    for (const state of this.states.values()) {
      if (state.state === 'gone' && now - state.since >= GONE_FORGET_MS && !this.deps.store.items.byPane(state.pane)) {
        this.forgetPane(state.pane);
        continue;
      }
      const result = settle(state, now, this.deps.machineConfig());
      if (result.changed) queueChanged = this.commit(result.state) || queueChanged;
      else this.states.set(state.pane, result.state);
    }
    if (queueChanged) this.deps.onQueueChanged();
  }

  /** Resolve items past their expiry (8 h by default): nobody answered, the wait is over for the queue. */
  expireDue(): void {
    const now = this.deps.clock.now();
    let changed = false;
    for (const item of this.deps.store.items.list()) {
      if (item.expiresAt <= now && !item.claimedBy) {
        this.resolve(item.id, 'expired');
        changed = true;
      }
    }
    if (changed) this.deps.onQueueChanged();
  }

  /**
   * An action answered this prompt and saw it leave at `leftAt`: evidence of it from before then is the
   * old prompt and is not queued again. The same prompt captured after `leftAt` is a new ask (an agent
   * re-running the same command) and is queued like any other.
   */
  markAnswered(pane: PaneKey, fingerprint: string, leftAt: number): void {
    this.answered.set(pane, { fingerprint, leftAt });
  }

  /**
   * A reply was typed and submitted at `at`: the idle input prompt seen before then is the one just
   * answered, not a new turn's end, and must not come back as an item until a screen captured after
   * `at` still shows the agent idle (the same rule as an answered prompt, for the input prompt).
   */
  markReplied(pane: PaneKey, at: number): void {
    this.answered.set(pane, { fingerprint: null, leftAt: at });
  }

  /** Decide the pane's item again (after a policy change: mute, loop mode, escalation, a released claim). */
  reconsider(pane: PaneKey): void {
    const state = this.states.get(pane);
    if (state && this.batch(() => this.attend(state))) this.deps.onQueueChanged();
  }

  /** Drop everything kept for a pane that is gone and has no item (a later pane-seen starts it afresh). */
  private forgetPane(pane: PaneKey): void {
    this.states.delete(pane);
    this.extras.delete(pane);
    this.lastMessage.delete(pane);
    this.answered.delete(pane);
  }

  private applyOne(fact: Fact): boolean {
    const { store } = this.deps;
    let state = this.states.get(fact.pane);
    if (fact.kind === 'pane-seen') {
      const { serverKey: server, paneId } = splitPaneKey(fact.pane);
      store.panes.observe({ paneKey: fact.pane, server, paneId, target: fact.target, runtime: fact.runtime, pid: fact.pid, at: fact.at });
      if (!state || state.state === 'gone' || state.runtime !== fact.runtime)
        state = initialPaneState(fact.pane, fact.runtime, fact.at, fact.target, fact.pid);
    }
    if (!state) {
      this.deps.logger.log('debug', 'truth.fact-for-unknown-pane', { pane: fact.pane, kind: fact.kind });
      return false;
    }
    if (fact.kind === 'hook' && fact.signal.kind === 'stop' && fact.signal.lastAssistantMessage) {
      this.lastMessage.set(fact.pane, fact.signal.lastAssistantMessage);
    }
    const result = reduce(state, fact, this.deps.machineConfig());
    // After an answer the state may still hold the old prompt: a fresh capture of the same prompt changes
    // no state, but it is a new ask and must be attended to.
    const answered = this.answered.get(fact.pane);
    const askedAgain = answered !== undefined && fact.kind === 'screen' && fact.at > answered.leftAt;
    if (!result.changed && !askedAgain && this.states.has(fact.pane)) {
      this.states.set(fact.pane, result.state);
      return false;
    }
    return this.commit(result.state);
  }

  /** Store a changed state and follow it with the attention decision. True when the queue changed. */
  private commit(state: PaneState): boolean {
    this.states.set(state.pane, state);
    return this.batch(() => {
      this.deps.store.panes.setState(state.pane, storedState(state.state), state.since);
      this.deps.onState?.(state);
      return this.attend(state);
    });
  }

  /**
   * Run `fn` as one transaction (nested calls join the open one): a state, its item and the item's wait
   * interval are one commit, where each write alone was one, and commits were the engine's largest cost
   * at a large fleet. Only changes run here (reads in a transaction skip the row cache). What listeners
   * are told runs after the commit, so nobody hears of a change a rollback took back.
   */
  private batch<T>(fn: () => T): T {
    if (this.effects) return fn();
    const effects: (() => void)[] = [];
    this.effects = effects;
    let result: T;
    try {
      result = this.deps.store.transaction(fn);
    } finally {
      this.effects = null;
    }
    for (const effect of effects) {
      try {
        effect();
      } catch (error) {
        this.deps.logger.log('error', 'truth.effect-failed', {
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      }
    }
    return result;
  }

  /** Run `effect` after the open batch commits, or now outside a batch. */
  private afterCommit(effect: () => void): void {
    if (this.effects) this.effects.push(effect);
    else effect();
  }

  private attend(state: PaneState): boolean {
    const { store } = this.deps;
    const now = this.deps.clock.now();
    const pane = store.panes.get(state.pane);
    const stored = store.items.byPane(state.pane);
    const current = stored ? attentionOf(stored, state.runtime, this.extrasOf(state.pane, stored.id)) : null;
    const answered = this.answered.get(state.pane);
    const same =
      answered !== undefined && (answered.fingerprint === null ? state.state === 'idle' : state.fingerprint === answered.fingerprint);
    const stale = answered !== undefined && same && (state.screenAt ?? 0) <= answered.leftAt;
    if (answered !== undefined && !stale) this.answered.delete(state.pane);
    if (stale && !stored) return false;
    // A pane just (re)discovered — after an engine restart, say — has no evidence yet: its stored
    // item waits for the pane's first real screen instead of being resolved and reopened anew.
    if (state.state === 'starting' && stored) return false;
    const change = attentionFor(state, current, this.deps.policy(pane, state), now);
    // An item being answered right now is the action's to resolve (it knows it was approved, not "answered in pane").
    if (stored?.claimedBy && (change.kind === 'resolve' || change.kind === 'replace')) return false;
    return this.applyChange(change, state);
  }

  private applyChange(change: AttentionChange, state: PaneState): boolean {
    const { store } = this.deps;
    switch (change.kind) {
      case 'none':
      case 'keep':
        return false;
      case 'update': {
        const changed = store.items.update(change.item.id, patchOf(change.item));
        this.extras.set(state.pane, { id: change.item.id, value: { hookRequest: change.item.hookRequest, nudges: change.item.nudges } });
        if (changed) this.afterCommit(() => this.deps.onItem('item:updated', change.item.id));
        return changed;
      }
      case 'resolve':
        this.resolve(change.id, change.resolution);
        return true;
      case 'replace':
        this.resolve(change.id, change.resolution);
        this.open(change.draft, state);
        return true;
      case 'open':
        this.open(change.draft, state);
        return true;
    }
  }

  private extrasOf(pane: PaneKey, id: string): ItemExtras | undefined {
    const entry = this.extras.get(pane);
    return entry?.id === id ? entry.value : undefined;
  }

  private open(draft: Extract<AttentionChange, { kind: 'open' }>['draft'], state: PaneState): void {
    const { store } = this.deps;
    const context = draft.reason === 'idle' || draft.reason === 'idle-after-nudges' ? (this.lastMessage.get(state.pane) ?? null) : null;
    // The item and its wait interval together: one commit, and never one without the other.
    const { item, created } = store.transaction(() => {
      const opened = store.items.open(newItemOf(draft, this.deps.expiryMs(), context));
      if (opened.created) store.history.begin(state.pane, kindOfReason(draft.reason), opened.item.firstSeen);
      return opened;
    });
    this.extras.set(state.pane, { id: item.id, value: { hookRequest: draft.hookRequest, nudges: draft.nudges } });
    if (!created) return;
    this.afterCommit(() => {
      this.deps.reminders.upsert(item);
      this.deps.onItem('item:added', item.id);
    });
  }

  /** Resolve an item as the engine saw it end (also used by expiry). */
  resolve(id: string, how: Resolution): void {
    const { store } = this.deps;
    const resolved = store.transaction(() => {
      const done = store.items.resolve(id, how, 'engine');
      if (done) store.history.end(done.paneKey, done.resolvedAt);
      return done;
    });
    if (resolved && this.extras.get(resolved.paneKey)?.id === id) this.extras.delete(resolved.paneKey);
    this.afterCommit(() => {
      this.deps.reminders.remove(id);
      if (resolved)
        this.deps.events.emit('item:resolved', { id, resolution: how === 'dismissed' || how === 'expired' ? 'recovered' : how });
    });
  }
}
