/**
 * Keeps the tray in step with the queue: rebuilds the menu and icon only when what they show
 * changed, and re-renders once when the next snooze or pause runs out (one timer, never more).
 */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { Clock, TimerHandle } from '../../engine/platform/clock.ts';
import { isPaused } from '../../engine/notify/pause.ts';
import type { ShellAction } from '../app/shell-action.ts';
import type { TrayPort } from '../app/shell-ports.ts';
import type { ShellProblem } from '../app/shell-problem.ts';
import { trayIconSpec } from './tray-icon.ts';
import type { TrayMenuModel } from './tray-menu.ts';
import { buildTrayMenu } from './tray-menu.ts';

/** What the driver needs. */
export interface TrayDriverDeps {
  readonly tray: TrayPort;
  readonly clock: Clock;
  readonly clockTime: (ms: number) => string;
  readonly startAtLogin: () => boolean | null;
  readonly onAction: (action: ShellAction) => void;
  /** A problem that stops all watching (no tmux), shown instead of the headline. */
  readonly problem?: () => ShellProblem | null;
}

/** The largest delay a Node timer keeps; a longer one would fire at once. The re-render then simply re-arms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Drives one TrayPort. */
export class TrayDriver {
  private renderedKey = '';
  private model: TrayMenuModel | null = null;
  private timer: TimerHandle | null = null;
  private last: { items: readonly QueueItemDto[]; pausedUntil: number | null } = { items: [], pausedUntil: null };
  private disposed = false;

  constructor(private readonly deps: TrayDriverDeps) {}

  /** The menu as last built (the e2e hook reads it). */
  menu(): TrayMenuModel | null {
    return this.model;
  }

  /** Shows the queue and pause state; a no-op for the tray when nothing it shows changed. */
  render(items: readonly QueueItemDto[], pausedUntil: number | null): void {
    if (this.disposed) return;
    this.last = { items, pausedUntil };
    const now = this.deps.clock.now();
    const problem = this.deps.problem?.() ?? null;
    const menu = buildTrayMenu({
      items,
      now,
      pausedUntil,
      clockTime: this.deps.clockTime,
      startAtLogin: this.deps.startAtLogin(),
      problem,
    });
    const icon = trayIconSpec(menu.count, menu.stuck, isPaused(pausedUntil, now), problem?.headline ?? null);
    const key = JSON.stringify([menu.entries, icon.key, icon.toolTip]);
    this.model = menu;
    if (key !== this.renderedKey) {
      this.renderedKey = key;
      this.deps.tray.render(menu, icon, this.deps.onAction);
    }
    this.arm(now);
  }

  /** Renders again with the last input (after a setting outside the queue changed, e.g. start at login). */
  refresh(): void {
    this.render(this.last.items, this.last.pausedUntil);
  }

  /** Cancels the timer. Idempotent. */
  dispose(): void {
    this.disposed = true;
    this.timer?.cancel();
    this.timer = null;
  }

  private arm(now: number): void {
    this.timer?.cancel();
    this.timer = null;
    const { items, pausedUntil } = this.last;
    const moments = [...items.map((i) => i.snoozedUntil), pausedUntil].filter(
      (t): t is number => t !== null && t > now && t < Number.MAX_SAFE_INTEGER,
    );
    if (moments.length === 0) return;
    this.timer = this.deps.clock.setTimeout(() => this.refresh(), Math.min(Math.min(...moments) - now + 1, MAX_TIMER_MS));
  }
}
