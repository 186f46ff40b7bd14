/**
 * The watchdog's imperative shell: one timer for the earliest due pane; at that time it asks the
 * collaborators for a fresh screen and the attached clients, lets the pure decisions choose, and
 * types / presses / escalates through injected functions. Runs never overlap; dispose leaves no timer.
 */
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { DialogScreen, Screen } from '../runtimes/types.ts';
import type { PaneKey } from '../sessions/facts.ts';
import type { PaneState } from '../sessions/pane-state.ts';
import type { WatchdogConfig } from './config.ts';
import { afterEscalation, afterNudge, initialWatchdogState, nextNudgeAt, observeAgentState, type WatchdogState } from './backoff.ts';
import { decideDismissal, decideNudge, decideWake, type HumanContext, type WakeDecision } from './decide.ts';
import { dismissalFor } from './dismissal.ts';
import { nudgeText, type LoopMode } from './loop-mode.ts';

/** What the scheduler needs from the engine. `type` clears the line, pastes, presses Enter, and audits. */
export interface WatchdogCollaborators {
  readonly clock: Clock;
  readonly config: () => WatchdogConfig;
  /** Capture and classify the pane now (null when it cannot be captured). */
  readonly capture: (pane: PaneKey) => Promise<Screen | null>;
  readonly human: (pane: PaneKey) => Promise<HumanContext>;
  readonly type: (pane: PaneKey, text: string, reason: 'nudge' | 'wake') => Promise<void>;
  readonly press: (pane: PaneKey, key: string, reason: 'dismiss') => Promise<void>;
  /** The watchdog gave up: queue the agent as "idle after N nudges". */
  readonly escalate: (pane: PaneKey, nudges: number) => void;
  /** Persist the pane's watchdog state (it changed). */
  readonly saved: (state: WatchdogState) => void;
  /** A collaborator failed; the pane is left alone until the recheck time. */
  readonly failed?: (pane: PaneKey, error: unknown) => void;
}

interface Tracked {
  mode: LoopMode;
  directive: string | null;
  state: WatchdogState;
  /** A gate said "not before": nothing is tried for this pane until then. */
  holdUntil: number;
  /** A dialog on screen that the catalog may dismiss. */
  dialog: DialogScreen | null;
}

/** Idle auto-continue and safe dialog dismissal for every tracked pane. */
export class WatchdogScheduler {
  private readonly panes = new Map<PaneKey, Tracked>();
  private timer: TimerHandle | null = null;
  private chain: Promise<void> = Promise.resolve();
  private running = false;
  private disposed = false;

  constructor(private readonly deps: WatchdogCollaborators) {}

  /** Start (or restore from the store) watching a pane with its loop mode and recorded directive. */
  track(pane: PaneKey, mode: LoopMode, directive: string | null, restored: WatchdogState | null = null): void {
    const known = this.panes.get(pane);
    this.panes.set(pane, {
      mode,
      directive,
      state: restored ?? known?.state ?? initialWatchdogState(pane),
      holdUntil: 0,
      dialog: known?.dialog ?? null,
    });
    this.arm();
  }

  /** Stop watching a pane. */
  untrack(pane: PaneKey): void {
    if (this.panes.delete(pane)) this.arm();
  }

  /** Feed the pane's state after every change. */
  observe(s: PaneState): void {
    const t = this.panes.get(s.pane);
    if (!t || this.disposed) return;
    const next = observeAgentState(t.state, s.state, s.since, this.deps.config());
    if (next !== t.state) this.save(t, next);
    const dialog = s.state === 'dialog' && s.prompt?.kind === 'dialog' && dismissalFor(s.prompt) !== null ? s.prompt : null;
    t.dialog = dialog;
    t.holdUntil = 0;
    this.arm();
  }

  /** The pane's current watchdog state (for the store and tests). */
  stateOf(pane: PaneKey): WatchdogState | undefined {
    return this.panes.get(pane)?.state;
  }

  /** Priority wake-up: type at once, bypassing the human gate, never the safe-to-type gate. */
  wake(pane: PaneKey, text: string): Promise<WakeDecision> {
    return this.serial(async () => {
      const decision = decideWake(await this.deps.capture(pane), text);
      if (decision.kind === 'type' && !this.disposed) await this.deps.type(pane, decision.text, 'wake');
      return decision;
    });
  }

  /** Resolves when the work in flight is done (tests, shutdown). */
  settled(): Promise<void> {
    return this.chain;
  }

  /** Cancel the timer; nothing is typed after this. */
  dispose(): void {
    this.disposed = true;
    this.timer?.cancel();
    this.timer = null;
    this.panes.clear();
  }

  private dueAt(t: Tracked): number | null {
    const cfg = this.deps.config();
    if (t.dialog && cfg.dismissKnownDialogs) return t.holdUntil;
    if (nudgeText(t.mode, cfg, t.directive) === null) return null;
    const plan = nextNudgeAt(t.state, cfg);
    return plan.kind === 'none' ? null : Math.max(plan.at, t.holdUntil);
  }

  private arm(): void {
    this.timer?.cancel();
    this.timer = null;
    // While a run is in flight it re-arms when it ends: runs never overlap.
    if (this.disposed || this.running) return;
    let earliest: number | null = null;
    for (const t of this.panes.values()) {
      const at = this.dueAt(t);
      if (at !== null && (earliest === null || at < earliest)) earliest = at;
    }
    if (earliest === null) return;
    const now = this.deps.clock.now();
    this.timer = this.deps.clock.setTimeout(() => void this.serial(() => this.run()), Math.max(0, earliest - now));
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.chain.then(work);
    this.chain = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private async run(): Promise<void> {
    this.timer = null;
    this.running = true;
    try {
      const now = this.deps.clock.now();
      for (const [pane, t] of [...this.panes]) {
        const at = this.dueAt(t);
        if (at === null || at > now || this.disposed) continue;
        try {
          await this.act(pane, t, now);
        } catch (error) {
          // Never retry at once: a failing capture or send waits for the recheck time.
          t.holdUntil = now + this.deps.config().recheckMs;
          this.deps.failed?.(pane, error);
        }
      }
    } finally {
      this.running = false;
      this.arm();
    }
  }

  private async act(pane: PaneKey, t: Tracked, now: number): Promise<void> {
    const cfg = this.deps.config();
    const [screen, human] = await Promise.all([this.deps.capture(pane), this.deps.human(pane)]);
    if (this.disposed || this.panes.get(pane) !== t) return;
    if (t.dialog && cfg.dismissKnownDialogs) {
      const d = decideDismissal(t.dialog, screen, human, now, cfg);
      if (d.kind === 'wait') {
        t.holdUntil = d.until;
        return;
      }
      // One press per dialog seen: if it stays, it waits in the queue like any other (no blind retries).
      t.dialog = null;
      if (d.kind === 'press') await this.deps.press(pane, d.key, 'dismiss');
      return;
    }
    const d = decideNudge({ state: t.state, cfg, text: nudgeText(t.mode, cfg, t.directive), screen, human, now });
    switch (d.kind) {
      case 'type':
        await this.deps.type(pane, d.text, 'nudge');
        this.save(t, afterNudge(t.state, now));
        return;
      case 'escalate':
        this.save(t, afterEscalation(t.state));
        this.deps.escalate(pane, d.nudges);
        return;
      case 'wait':
        t.holdUntil = d.until;
        return;
      case 'none':
        return;
    }
  }

  private save(t: Tracked, next: WatchdogState): void {
    t.state = next;
    this.deps.saved(next);
  }
}
