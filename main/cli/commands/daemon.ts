/** `trailboss daemon [--tmux-socket PATH]... [--ui]`: the engine without the desktop shell, until SIGINT/SIGTERM. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../../engine/engine.ts';
import { EngineLockedError } from '../../engine/platform/engine-lock.ts';
import { streamLogger } from '../../engine/platform/log.ts';
import { procProcessTable } from '../../engine/platform/process-table.ts';
import { realRunner } from '../../engine/platform/run.ts';
import { runnerWithEnv } from '../../engine/platform/runner-with-env.ts';
import { StoreError } from '../../engine/store/index.ts';
import { flag, parseArgs } from '../args.ts';
import { holdersOf, watchHolders } from '../parent-watch.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';

/** Where `vite build` puts the renderer, relative to the repo root. */
const UI_DIR = join(import.meta.dirname, '..', '..', '..', 'dist', 'renderer');

export async function daemonCommand(ctx: CliContext): Promise<number> {
  const args = parseArgs(ctx.argv, { 'tmux-socket': { type: 'list' }, ui: { type: 'bool' }, verbose: { type: 'bool' } });
  const sockets = flag.list(args, 'tmux-socket');
  const wantUi = flag.bool(args, 'ui');
  if (wantUi && !existsSync(join(UI_DIR, 'index.html'))) {
    ctx.stderr(`trailboss daemon: the UI is not built (${UI_DIR}); run \`npx vite build\` first\n`);
    return EXIT.usage;
  }
  const logger = streamLogger(ctx.stderr, flag.bool(args, 'verbose') ? 'debug' : 'info');
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
      runner: runnerWithEnv(realRunner, { PATH: ctx.env.PATH, TMUX: undefined, TMUX_PANE: undefined }),
      processTable: procProcessTable(),
      pid: process.pid,
      uiDir: wantUi ? UI_DIR : null,
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
  await untilStopped(ctx);
  await engine.stop();
  ctx.stdout('Trail Boss engine stopped.\n');
  return EXIT.ok;
}

/**
 * Until SIGINT/SIGTERM — or, when the launcher started us, until it (or npx above it) is gone: a
 * SIGKILLed launcher cannot forward a signal, and the daemon must not live on holding the lock.
 */
async function untilStopped(ctx: CliContext): Promise<void> {
  const holders = holdersOf(ctx.env, process.ppid, procProcessTable().snapshot());
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
