/** A single scan for `trailboss status` without a running engine: watch until screens are stable (≤ 3 s). */
import type { Clock } from '../platform/clock.ts';
import { sleep } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { ProcessTable } from '../platform/process-table.ts';
import type { RuntimeModule } from '../runtimes/types.ts';
import type { TmuxClient } from '../tmux/types.ts';
import type { ObservedPane } from './observer.ts';
import { PaneObserver } from './observer.ts';

export interface OneShotOptions {
  readonly clients: readonly TmuxClient[];
  readonly runtimes: readonly RuntimeModule[];
  readonly clock: Clock;
  readonly logger: Logger;
  readonly processTable: ProcessTable;
  /** Give up waiting for stability after this long (≤ 3 s, so a one-shot `trailboss status` answers promptly even when a pane keeps changing). */
  readonly deadlineMs?: number;
  readonly intervalMs?: number;
}

/** Capture repeatedly until every agent pane shows the same screen twice, or the deadline passes. */
export async function scanOnce(opts: OneShotOptions): Promise<ObservedPane[]> {
  const deadline = opts.clock.now() + (opts.deadlineMs ?? 3000);
  const observer = new PaneObserver({
    clients: opts.clients,
    runtimes: opts.runtimes,
    clock: opts.clock,
    logger: opts.logger,
    processTable: opts.processTable,
    options: { tickMs: 0, recheckMs: 0, stableCaptures: 2, unexplainedAfterMs: 30_000, captureAll: true },
    onFacts: () => {},
  });
  for (;;) {
    await observer.tick();
    const panes = observer.snapshot();
    const settled = panes.every((p) => p.stableCount >= 2 || p.screen?.kind === 'working');
    if (settled || opts.clock.now() + (opts.intervalMs ?? 200) > deadline) return panes;
    await sleep(opts.clock, opts.intervalMs ?? 200);
  }
}
