/** A Clock driven by hand: tests advance time explicitly (a test double, so it lives with the tests, not in the engine). */
import type { Clock, TimerHandle } from '../../main/engine/platform/clock.ts';

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
}

/** A deterministic clock. `advance(ms)` fires due timers in time order; `pending` counts armed timers. */
export class ManualClock implements Clock {
  private current: number;
  private timers: Pending[] = [];
  private seq = 0;

  constructor(start = 0) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const timer: Pending = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return { cancel: () => (this.timers = this.timers.filter((t) => t !== timer)) };
  }

  /** Number of armed timers (a disposed component must leave none). */
  get pending(): number {
    return this.timers.length;
  }

  /** Move time forward, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = target;
  }

  /** Jump to an absolute time (never backwards). */
  set(at: number): void {
    this.advance(Math.max(0, at - this.current));
  }
}
