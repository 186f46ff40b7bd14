/** `trailboss daemon [--tmux-socket PATH]... [--ui] [--notify]`: the engine without the desktop shell, until SIGINT/SIGTERM. */
import { Engine } from '../../engine/engine.ts';
import { EngineLockedError } from '../../engine/platform/engine-lock.ts';
import { streamLogger } from '../../engine/platform/log.ts';
import { packageRoot } from '../../engine/platform/package-root.ts';
import { procProcessTable } from '../../engine/platform/process-table.ts';
import { realRunner } from '../../engine/platform/run.ts';
import { runnerWithEnv } from '../../engine/platform/runner-with-env.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { StoreError } from '../../engine/store/index.ts';
import type { Holders } from '../parent-watch.ts';
import { holdersOf, watchHolders } from '../parent-watch.ts';
import { setUpTmux } from '../../engine/tmux/locate.ts';
import { parseCommandLine, read } from '../program.ts';
import type { CliContext } from '../context.ts';
import { buildUi, uiState } from '../ui-build.ts';
import { EXIT } from '../context.ts';
import { startDaemonNotifications } from './daemon-notify.ts';

export async function daemonCommand(ctx: CliContext): Promise<number> {
  // Who started us, read now: read after the engine is up, a launcher or npx killed meanwhile would
  // already have left us re-parented, and the daemon would outlive it holding the lock.
  const holders = holdersOf(ctx.env, process.ppid, () => procProcessTable().snapshot());
  const args = parseCommandLine('daemon', ctx.argv);
  const sockets = read.list(args, 'tmuxSocket');
  const wantUi = read.bool(args, 'ui');
  let uiDir: string | null = null;
  if (wantUi) {
    const ui = uiState(packageRoot());
    if (ui.kind === 'missing') {
      ctx.stderr(`trailboss daemon: the queue UI is missing from ${ui.dir}; reinstall Trail Boss (npm install -g trailboss)\n`);
      return EXIT.usage;
    }
    if (ui.kind === 'build') {
      ctx.stderr(`trailboss daemon: building the queue UI (${ui.why})…\n`);
      const failed = await buildUi(packageRoot(), realRunner);
      if (failed !== null) {
        ctx.stderr(`trailboss daemon: could not build the queue UI: ${failed}\n`);
        return EXIT.usage;
      }
    }
    uiDir = ui.dir;
  }
  const logger = streamLogger(ctx.stderr, read.bool(args, 'verbose') ? 'debug' : 'info');
  const paths = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  // Started by launchd/systemd the PATH may lack tmux: found the same way the desktop app finds it.
  const tmux = await setUpTmux({
    env: ctx.env,
    platform: ctx.platform,
    homedir: ctx.homedir,
    configFile: paths.config,
    runner: runnerWithEnv(realRunner, { PATH: ctx.env.PATH, TMUX: undefined, TMUX_PANE: undefined }),
  });
  if (tmux.binary.kind === 'missing')
    logger.log('error', 'tmux.not-found', { searched: tmux.binary.searched, configured: tmux.binary.configured });
  else logger.log('info', 'tmux.found', { path: tmux.binary.path, source: tmux.binary.source });
  let engine: Engine;
  try {
    engine = await Engine.start({
      env: ctx.env,
      platform: ctx.platform,
      homedir: ctx.homedir,
      cwd: ctx.cwd,
      servers: sockets.length > 0 ? sockets.map((path) => ({ kind: 'socket', path })) : null,
      clock: ctx.clock,
      logger,
      runner: tmux.runner,
      processTable: procProcessTable(),
      pid: process.pid,
      uiDir,
    });
  } catch (error) {
    if (error instanceof EngineLockedError || error instanceof StoreError) {
      ctx.stderr(`trailboss daemon: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  ctx.stdout(`Trail Boss engine running (pid ${process.pid}); data in ${engine.paths.home}; API on 127.0.0.1:${engine.apiPort}\n`);
  if (wantUi) ctx.stdout(`Open the queue: http://127.0.0.1:${engine.apiPort}/#token=${engine.apiToken}\n`);
  const notifications = await startDaemonNotifications(engine, ctx, logger, read.bool(args, 'notify'));
  await untilStopped(ctx, holders);
  // Before the engine: our notifications' buttons would answer nobody.
  await notifications?.stop();
  await engine.stop();
  ctx.stdout('Trail Boss engine stopped.\n');
  return EXIT.ok;
}

/**
 * Until SIGINT/SIGTERM — or, when the launcher started us, until it (or npx above it) is gone: a
 * SIGKILLed launcher cannot forward a signal, and the daemon must not live on holding the lock.
 */
async function untilStopped(ctx: CliContext, holders: Holders | null): Promise<void> {
  const stopped = new AbortController();
  const watch =
    holders === null
      ? null
      : watchHolders({
          holders,
          clock: ctx.clock,
          everyMs: 1_000,
          onGone: (pid) => {
            ctx.stderr(`trailboss daemon: the process that started it (pid ${pid}) is gone; stopping\n`);
            stopped.abort();
          },
        });
  const signal = AbortSignal.any([ctx.stopSignal, stopped.signal]);
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  watch?.stop();
}
