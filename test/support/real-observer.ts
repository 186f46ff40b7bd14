/**
 * The observer as the engine runs it, on a private tmux server: a control-mode client, the real /proc
 * process table, every runtime, the system clock; ticks only when the test calls `tick()`.
 */
import { PaneObserver } from '../../main/engine/observe/observer.ts';
import { systemClock } from '../../main/engine/platform/clock.ts';
import { silentLogger } from '../../main/engine/platform/log.ts';
import { procProcessTable } from '../../main/engine/platform/process-table.ts';
import { realRunner } from '../../main/engine/platform/run.ts';
import { runnerWithEnv } from '../../main/engine/platform/runner-with-env.ts';
import { RUNTIMES } from '../../main/engine/runtimes/catalog.ts';
import { openTmuxClient } from '../../main/engine/tmux/open.ts';
import type { TmuxClient } from '../../main/engine/tmux/types.ts';
import { testTmuxEnv } from './tmux-server.ts';
import type { PrivateTmux } from './tmux-server.ts';

/** A control-mode client of `tmux` and an observer over it (close the client when done). */
export async function realObserver(tmux: PrivateTmux): Promise<{ client: TmuxClient; observer: PaneObserver }> {
  const client = await openTmuxClient(tmux.server, runnerWithEnv(realRunner, testTmuxEnv(tmux.dir)), {
    mode: 'control',
    logger: silentLogger,
  });
  const observer = new PaneObserver({
    clients: [client],
    runtimes: RUNTIMES,
    clock: systemClock,
    logger: silentLogger,
    processTable: procProcessTable(),
    options: { tickMs: 0, recheckMs: 0, stableCaptures: 2, unexplainedAfterMs: 30_000, captureAll: true },
    onFacts: () => {},
  });
  return { client, observer };
}
