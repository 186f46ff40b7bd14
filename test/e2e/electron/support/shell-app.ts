/**
 * Launches the built desktop app against a temp TRAILBOSS_HOME and a private tmux socket, and
 * talks to it through the main-process test hook (`--test-hook`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, type ElectronApplication } from '@playwright/test';
import type { DispatchResult } from '../../../../main/shell/app/dispatch-action.ts';
import type { HotkeyName } from '../../../../main/shell/hotkeys/hotkeys.ts';
import type { JumpReport } from '../../../../main/engine/jump/jump-executor.ts';
import type { ShellAction } from '../../../../main/shell/app/shell-action.ts';
import type { ShellSnapshot } from '../../../../main/shell/app/shell-controller.ts';
import type { TrailbossTestHook } from '../../../../main/shell/app/test-hook.ts';
import { buildShell } from '../../../../scripts/build-shell.mjs';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A running app and its temp home. */
export interface ShellApp {
  readonly app: ElectronApplication;
  readonly home: string;
  snapshot(): Promise<ShellSnapshot>;
  pressHotkey(name: HotkeyName): Promise<DispatchResult>;
  act(action: ShellAction): Promise<DispatchResult>;
  jumpReports(): Promise<readonly { itemId: string; report: JumpReport }[]>;
  close(): Promise<void>;
}

type HookGlobal = { __trailbossTest: TrailbossTestHook };

/** Builds the shell bundles into dist/ (seconds; the renderer is vite's job). */
export async function buildOnce(): Promise<string> {
  return (await buildShell()).main;
}

/** Launches the app. `config` is written as the home's config.json first. */
export async function launchShell(opts: { binary: string; main: string; socket: string; config: object }): Promise<ShellApp> {
  const home = mkdtempSync(join(tmpdir(), 'tb-e2e-home-'));
  writeFileSync(join(home, 'config.json'), JSON.stringify(opts.config, null, 2));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'TMUX' && k !== 'TMUX_PANE') env[k] = v;
  env['TRAILBOSS_HOME'] = home;
  // --at-login: started as the login item starts it, so no window opens until a test asks for one.
  const args = [opts.main, '--tmux-socket', opts.socket, '--test-hook', '--at-login'];
  // Chromium refuses to start as root without this. It drops only the OS process sandbox: the windows still
  // run in Electron's sandboxed mode (no Node, CommonJS-only preload), which is what the tests exercise.
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  const app = await electron.launch({ executablePath: opts.binary, args, env, cwd: ROOT });
  // Each call is its own evaluate: the function runs in the main process and cannot close over test variables.
  return {
    app,
    home,
    snapshot: () => app.evaluate(() => (globalThis as unknown as HookGlobal).__trailbossTest.snapshot()),
    pressHotkey: (name) => app.evaluate((_e, n) => (globalThis as unknown as HookGlobal).__trailbossTest.pressHotkey(n), name),
    act: (action) => app.evaluate((_e, a) => (globalThis as unknown as HookGlobal).__trailbossTest.act(a), action),
    jumpReports: () => app.evaluate(() => (globalThis as unknown as HookGlobal).__trailbossTest.jumpReports()),
    async close() {
      await app.close().catch(() => {});
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** True once the hook is installed (the engine has started and the shell is wired). */
export async function hookReady(app: ElectronApplication): Promise<boolean> {
  return app.evaluate(() => typeof (globalThis as Record<string, unknown>)['__trailbossTest'] === 'object');
}
