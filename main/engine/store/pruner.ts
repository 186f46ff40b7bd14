/**
 * Applies the retention off the hot path: one timer; each step deletes at most `batch` rows per
 * kind (a few milliseconds of SQLite, so an approve waiting behind it waits that long at most),
 * then yields to the event loop and goes on after `pauseMs` while anything is left, and sleeps
 * `everyMs` once nothing is. Never throws: a failed step is logged and tried again next round.
 */
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { RetentionPolicy } from './retention.ts';
import { cutoffFor } from './retention.ts';
import type { Store } from './store.ts';

/** Rows one step removed, by kind. */
export interface PruneCounts {
  readonly resolved: number;
  readonly history: number;
  readonly panes: number;
  readonly audit: number;
  /** Phone messages and button tokens together. */
  readonly phone: number;
}

/** One step: at most `batch` rows of each kind older than the policy allows. */
export function pruneStep(store: Pick<Store, 'retention' | 'panes'>, policy: RetentionPolicy, now: number, batch: number): PruneCounts {
  const resolvedCut = cutoffFor(policy.resolvedItemsDays, now);
  const historyCut = cutoffFor(policy.historyDays, now);
  const auditCut = cutoffFor(policy.auditDays, now);
  let panes = 0;
  if (resolvedCut !== null) for (const key of store.retention.gonePanes(resolvedCut, batch)) if (store.panes.forget(key)) panes++;
  return {
    resolved: resolvedCut === null ? 0 : store.retention.pruneResolved(resolvedCut, batch),
    history: historyCut === null ? 0 : store.retention.pruneHistory(historyCut, batch),
    panes,
    audit: auditCut === null ? 0 : store.retention.pruneAudit(auditCut, batch),
    phone: resolvedCut === null ? 0 : store.retention.prunePhone(resolvedCut, batch),
  };
}

/** Whether a step hit its batch limit somewhere (more may be left). */
export function moreLeft(counts: PruneCounts, batch: number): boolean {
  return counts.resolved >= batch || counts.history >= batch || counts.panes >= batch || counts.audit >= batch || counts.phone >= batch;
}

export interface PrunerOptions {
  readonly store: Pick<Store, 'retention' | 'panes'>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly policy: () => RetentionPolicy;
  /** First round this long after start (default 1 min: not during start-up). */
  readonly firstMs?: number;
  /** Between rounds once nothing is left (default 1 h). */
  readonly everyMs?: number;
  /** Rows per kind per step (default 50: a step stays a few ms on a loaded machine). */
  readonly batch?: number;
  /** Between steps of one round (default 50 ms). */
  readonly pauseMs?: number;
}

/** The retention timer. `dispose()` cancels it. */
export class Pruner {
  private timer: TimerHandle | null = null;
  private disposed = false;
  private round: PruneCounts = zero();

  constructor(private readonly opts: PrunerOptions) {}

  /** Arm the first round. */
  start(): void {
    this.arm(this.opts.firstMs ?? 60_000);
  }

  /** Run one step now; returns what it removed (tests, the bench). */
  step(): PruneCounts {
    const batch = this.opts.batch ?? 50;
    return pruneStep(this.opts.store, this.opts.policy(), this.opts.clock.now(), batch);
  }

  dispose(): void {
    this.disposed = true;
    this.timer?.cancel();
    this.timer = null;
  }

  private arm(ms: number): void {
    if (this.disposed) return;
    this.timer = this.opts.clock.setTimeout(() => this.tick(), ms);
  }

  private tick(): void {
    this.timer = null;
    const batch = this.opts.batch ?? 50;
    let counts: PruneCounts;
    try {
      counts = this.step();
    } catch (error) {
      this.opts.logger.log('warn', 'store.prune-failed', { error: String(error) });
      this.round = zero();
      return this.arm(this.opts.everyMs ?? 3_600_000);
    }
    this.round = add(this.round, counts);
    if (moreLeft(counts, batch)) return this.arm(this.opts.pauseMs ?? 50);
    if (this.round.resolved + this.round.history + this.round.panes + this.round.audit + this.round.phone > 0)
      this.opts.logger.log('info', 'store.pruned', { ...this.round });
    this.round = zero();
    this.arm(this.opts.everyMs ?? 3_600_000);
  }
}

function zero(): PruneCounts {
  return { resolved: 0, history: 0, panes: 0, audit: 0, phone: 0 };
}

function add(a: PruneCounts, b: PruneCounts): PruneCounts {
  return {
    resolved: a.resolved + b.resolved,
    history: a.history + b.history,
    panes: a.panes + b.panes,
    audit: a.audit + b.audit,
    phone: a.phone + b.phone,
  };
}
