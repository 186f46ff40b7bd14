/**
 * `trailboss app`: start the desktop app (tray, notifications, queue window) on Electron, detached
 * from the terminal. Where Electron cannot run or cannot be had, one line says why and points at
 * `trailboss daemon --ui`, which serves the same queue in a browser.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../engine/platform/package-root.ts';
import { realRunner } from '../../engine/platform/run.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import type { EarlyExit } from '../early-exit.ts';
import { EARLY_EXIT_MS, earlyExitReport } from '../early-exit.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { findElectron } from '../electron-binary.ts';
import { parseCommandLine } from '../program.ts';

const INSTEAD = 'run `trailboss daemon --ui` for the queue in your browser';

/** Start the app; exit 0 once Electron started and did not die at once, 2 when it cannot (with its exit code and message). */
export async function appCommand(ctx: CliContext): Promise<number> {
  parseCommandLine('app', ctx.argv);
  const refuse = (why: string): number => {
    ctx.stderr(`trailboss app: ${why}; ${INSTEAD}\n`);
    return EXIT.usage;
  };
  if (ctx.platform === 'linux' && !ctx.env['DISPLAY'] && !ctx.env['WAYLAND_DISPLAY'])
    return refuse('no graphical display here (neither DISPLAY nor WAYLAND_DISPLAY is set)');
  const root = packageRoot();
  const shell = join(root, 'dist', 'main', 'shell', 'main.js');
  if (!existsSync(shell)) {
    if (!existsSync(join(root, 'scripts', 'build-shell.mjs')))
      return refuse(`the desktop shell is missing from ${shell} (reinstall Trail Boss)`);
    const built = await realRunner.run(process.execPath, [join(root, 'scripts', 'build-shell.mjs')], { timeoutMs: 180_000 });
    if (built.exitCode !== 0) return refuse(`the desktop shell could not be built: ${built.stderr.trim()}`);
  }
  const electron = await findElectron(root, ctx.env, realRunner);
  if (electron.kind === 'absent') return refuse(electron.why);
  // Electron's stderr goes to a file (a pipe would break once we exit): read back if it dies at once.
  const { logs } = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  mkdirSync(logs, { recursive: true });
  const stderrFile = join(logs, 'app-start.log');
  const errFd = openSync(stderrFile, 'w');
  const started = await new Promise<{ error: string } | { exit: EarlyExit | null }>((resolve) => {
    const child = spawn(electron.path, [root], {
      detached: true,
      stdio: ['ignore', 'ignore', errFd],
      env: { ...ctx.env } as NodeJS.ProcessEnv,
      cwd: ctx.homedir,
    });
    child.once('error', (error) => resolve({ error: error.message }));
    child.once('spawn', () => {
      // A build that aborts (no setuid chrome-sandbox, a missing library) does so within a moment.
      const timer = setTimeout(() => {
        child.removeAllListeners('exit');
        child.unref();
        resolve({ exit: null });
      }, EARLY_EXIT_MS);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve({ exit: { code, signal } });
      });
    });
  });
  closeSync(errFd);
  if ('error' in started) return refuse(`${electron.path} could not start (${started.error})`);
  if (started.exit !== null) {
    const report = earlyExitReport(started.exit, readFileSync(stderrFile, 'utf8'));
    if (report.failed) return refuse(report.message);
    ctx.stdout(`Trail Boss started (Electron from ${electron.from}) ${report.message}\n`);
    return EXIT.ok;
  }
  ctx.stdout(`Trail Boss started (Electron from ${electron.from}); it lives in the tray. \`trailboss doctor\` checks the set-up.\n`);
  return EXIT.ok;
}
