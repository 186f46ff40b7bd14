/**
 * Coalesces queue changes into `queue:changed` events. Each event carries the whole queue, and one
 * prompt cycle changes it several times within a second (opened, claimed, resolved …): building and
 * sending the queue once per change cost more than watching the panes. The first change after a quiet
 * spell is sent at once (notifications and the UI see a new prompt without delay); changes within the
 * following window are folded into one event at its end, built from the state at that moment, so every
 * listener still ends on the final queue.
 */
import type { Clock, TimerHandle } from '../platform/clock.ts';

/** How long changes after a sent one are gathered before the next event (ms). */
export const QUEUE_WINDOW_MS = 200;

/** Tells listeners the queue changed; sends at most one event per window while changes keep coming. */
export class QueuePublisher {
  private timer: TimerHandle | null = null;
  private pending = false;
  private disposed = false;

  constructor(
    private readonly clock: Clock,
    /** Builds the queue as it is now and emits it. */
    private readonly send: () => void,
    private readonly windowMs: number = QUEUE_WINDOW_MS,
  ) {}

  /** The queue changed: send now when no event went out in the last window, else once the window ends. */
  changed(): void {
    if (this.disposed) return;
    if (this.timer) {
      this.pending = true;
      return;
    }
    this.sendAndWait();
  }

  /** Send a gathered change now (before an event whose listeners read the latest queue). */
  flush(): void {
    if (!this.pending || this.disposed) return;
    this.timer?.cancel();
    this.sendAndWait();
  }

  /** Stop: a gathered change is dropped (the engine is stopping; nobody is left to tell). */
  dispose(): void {
    this.disposed = true;
    this.pending = false;
    this.timer?.cancel();
    this.timer = null;
  }

  private sendAndWait(): void {
    this.pending = false;
    this.timer = this.clock.setTimeout(() => this.windowEnded(), this.windowMs);
    // After arming: a listener that changes the queue again is folded into this window, not re-entered.
    this.send();
  }

  private windowEnded(): void {
    this.timer = null;
    if (this.pending) this.sendAndWait();
  }
}
