/**
 * The observer's proven looks at a pane (screens its stability rule made facts of), handed to whoever
 * waits for the next one: an action confirming that its key took the prompt away. With tmux's change
 * signal the observer looks at a pane twice after every change anyway; an action that captured the
 * pane again on its own, every 100 ms, paid for the same looks twice (over ssh, a round trip each).
 */
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { RuntimeModule, Screen } from '../runtimes/types.ts';
import type { PaneKey } from '../sessions/facts.ts';

/** A look the observer proved, and when the capture behind it was asked of tmux. */
export type ProvenLook =
  | { readonly kind: 'screen'; readonly screen: Screen; readonly runtime: RuntimeModule; readonly requestedAt: number }
  | { readonly kind: 'gone'; readonly requestedAt: number };

interface Waiter {
  readonly after: number;
  readonly resolve: (look: ProvenLook | null) => void;
  timer: TimerHandle | null;
}

/** The latest proven look per pane, and the waiters for a later one. */
export class ProvenLooks {
  private readonly latest = new Map<PaneKey, ProvenLook>();
  private readonly waiters = new Map<PaneKey, Set<Waiter>>();

  constructor(private readonly clock: Clock) {}

  /** The observer proved `look` at `pane`: it answers every waiter for a look asked for after theirs began. */
  proved(pane: PaneKey, look: ProvenLook): void {
    this.latest.set(pane, look);
    const waiting = this.waiters.get(pane);
    if (!waiting) return;
    for (const w of waiting) if (look.requestedAt > w.after) this.settle(pane, w, look);
  }

  /** The pane is no longer watched: every waiter learns it went. */
  gone(pane: PaneKey, at: number): void {
    this.latest.delete(pane);
    for (const w of this.waiters.get(pane) ?? []) this.settle(pane, w, { kind: 'gone', requestedAt: at });
  }

  /**
   * The first proven look at `pane` from a capture asked for after `after` (one already taken answers at
   * once), or null when none comes within `withinMs` (the pane did not change, or its signal was lost).
   */
  next(pane: PaneKey, after: number, withinMs: number): Promise<ProvenLook | null> {
    const known = this.latest.get(pane);
    if (known && known.requestedAt > after) return Promise.resolve(known);
    return new Promise((resolve) => {
      const waiter: Waiter = { after, resolve, timer: null };
      const waiting = this.waiters.get(pane) ?? new Set<Waiter>();
      waiting.add(waiter);
      this.waiters.set(pane, waiting);
      waiter.timer = this.clock.setTimeout(() => this.settle(pane, waiter, null), Math.max(0, withinMs));
    });
  }

  /** Answer every waiter with null (the observer stopped). */
  close(): void {
    for (const [pane, waiting] of this.waiters) for (const w of waiting) this.settle(pane, w, null);
    this.latest.clear();
  }

  private settle(pane: PaneKey, waiter: Waiter, look: ProvenLook | null): void {
    waiter.timer?.cancel();
    const waiting = this.waiters.get(pane);
    waiting?.delete(waiter);
    if (waiting?.size === 0) this.waiters.delete(pane);
    waiter.resolve(look);
  }
}
