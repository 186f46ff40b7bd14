/** Opens the best TmuxClient for a server: control mode when it works, the batched CLI otherwise. */
import type { Clock } from '../platform/clock.ts';
import { systemClock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { Runner, Spawner } from '../platform/run.ts';
import { BatchTmuxClient } from './batch-client.ts';
import { ControlModeClient } from './control-client.ts';
import type { TmuxClient, TmuxServer } from './types.ts';
import { TmuxError } from './types.ts';

/** How to talk to tmux: `auto` tries control mode and falls back to batch. */
export type TmuxClientMode = 'auto' | 'control' | 'batch';

/** Options of openTmuxClient. */
export interface OpenTmuxClientOptions {
  readonly mode: TmuxClientMode;
  readonly logger: Logger;
  readonly clock?: Clock;
  /** Per tmux command (and per control-mode start). Default 5 s. */
  readonly timeoutMs?: number;
  /** A local server's socket: while it is absent, control mode does not start tmux to ask (control-client.ts). */
  readonly socketPath?: string;
  /** Control mode only: give tmux's change signal (`TmuxClient.changes`). */
  readonly changeEvents?: boolean;
}

/**
 * A client for the server. `control` and `auto` connect lazily when no server runs yet (the client
 * connects once one does); `auto` falls back to batch when control mode fails for any other reason
 * (an old tmux without client flags, a spawn failure). Never throws for a missing server.
 */
export async function openTmuxClient(server: TmuxServer, runner: Runner & Spawner, opts: OpenTmuxClientOptions): Promise<TmuxClient> {
  const batch = (): TmuxClient => new BatchTmuxClient(server, runner, { logger: opts.logger, timeoutMs: opts.timeoutMs });
  if (opts.mode === 'batch') return batch();
  const control = new ControlModeClient(server, runner, {
    logger: opts.logger,
    clock: opts.clock ?? systemClock,
    timeoutMs: opts.timeoutMs,
    changeEvents: opts.changeEvents === true,
    ...(opts.socketPath !== undefined ? { socketPath: opts.socketPath } : {}),
  });
  if (opts.mode === 'control') return control;
  try {
    await control.connect();
    return control;
  } catch (err) {
    if (err instanceof TmuxError && err.kind === 'no-server') return control;
    opts.logger.log('warn', 'tmux.control.unavailable', { server, error: err instanceof Error ? err.message : String(err) });
    await control.close();
    return batch();
  }
}
