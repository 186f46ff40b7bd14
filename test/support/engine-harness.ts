/** A real engine for integration tests: temp TRAILBOSS_HOME, a private tmux server, the real clock and store. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineOptions } from '../../main/engine/engine.ts';
import { Engine } from '../../main/engine/engine.ts';
import { systemClock } from '../../main/engine/platform/clock.ts';
import { MemoryLogger } from '../../main/engine/platform/log.ts';
import { procProcessTable } from '../../main/engine/platform/process-table.ts';
import { realRunner } from '../../main/engine/platform/run.ts';
import { runnerWithEnv } from '../../main/engine/platform/runner-with-env.ts';
import type { PrivateTmux } from './tmux-server.ts';
import { startPrivateTmux } from './tmux-server.ts';

export interface EngineHarness {
  readonly tmux: PrivateTmux;
  readonly home: string;
  readonly socket: string;
  readonly logger: MemoryLogger;
  engine: Engine;
  /** Stop the engine and start a new one on the same home (a restart). */
  restart(): Promise<Engine>;
  /** Stop everything and remove temp dirs. */
  dispose(): Promise<void>;
}

/** Start a private tmux (socket path) and an engine watching only it. Config can be written first via `beforeStart`. */
export async function startEngineHarness(
  opts: { beforeStart?: (home: string) => void; api?: boolean; phone?: EngineOptions['phone']; slack?: EngineOptions['slack'] } = {},
): Promise<EngineHarness> {
  const home = mkdtempSync(join(tmpdir(), 'tb-engine-'));
  const socket = join(home, 'tmux.sock');
  const tmux = await startPrivateTmux({ socketPath: socket });
  opts.beforeStart?.(home);
  const logger = new MemoryLogger();
  const start = () =>
    Engine.start({
      env: { TRAILBOSS_HOME: join(home, 'tb') },
      platform: process.platform,
      homedir: home,
      cwd: home,
      servers: [{ kind: 'socket', path: socket }],
      clock: systemClock,
      logger,
      runner: runnerWithEnv(realRunner, { TMUX: undefined, TMUX_PANE: undefined }),
      processTable: procProcessTable(),
      pid: process.pid,
      api: opts.api ?? false,
      ...(opts.phone ? { phone: opts.phone } : {}),
      ...(opts.slack ? { slack: opts.slack } : {}),
    });
  const harness: EngineHarness = {
    tmux,
    home,
    socket,
    logger,
    engine: await start(),
    async restart() {
      await harness.engine.stop();
      harness.engine = await start();
      return harness.engine;
    },
    async dispose() {
      await harness.engine.stop();
      await tmux.kill();
      rmSync(home, { recursive: true, force: true });
    },
  };
  return harness;
}
