/**
 * The desktop app's entry: one instance, hidden in the tray (menu bar only on macOS), the engine
 * in-process, and the shell's surfaces wired to it. Composition only — every decision lives in the
 * pure modules beside this file.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, session } from 'electron';
import { Engine } from '../engine/engine.ts';
import { systemClock } from '../engine/platform/clock.ts';
import { streamLogger } from '../engine/platform/log.ts';
import { resolvePaths } from '../engine/platform/paths.ts';
import { procProcessTable } from '../engine/platform/process-table.ts';
import { realRunner } from '../engine/platform/run.ts';
import { BatchTmuxClient } from '../engine/tmux/batch-client.ts';
import { TMUX_ENV } from '../engine/tmux/server-args.ts';
import { serverKey, type TmuxClient, type TmuxServer } from '../engine/tmux/types.ts';
import { hardenSession, registerAppScheme, serveAppScheme } from './windows/app-protocol.ts';
import { ElectronHotkeys } from './hotkeys/hotkey-registrar.ts';
import { hotkeyEnvironment } from './hotkeys/hotkey-status.ts';
import { registerIpcHandlers } from './ipc/typed-ipc.ts';
import type { JumpReport } from './jump/jump-executor.ts';
import { createJumper } from './jump/item-jumper.ts';
import { detachedLauncher } from './jump/launch-detached.ts';
import { startAtLogin } from './app/login-item-port.ts';
import { ElectronNotifier } from './notifications/notifications.ts';
import { LinuxNotifier } from './notifications/linux-notifications.ts';
import { DbusNotifier } from '../engine/notify/dbus/dbus-notifier.ts';
import { persistPausedUntil } from './app/pause-store.ts';
import { processSnapshot } from './jump/process-snapshot.ts';
import { shellApiMethods } from './app/shell-api.ts';
import { parseShellArgs } from './app/shell-args.ts';
import { ShellController } from './app/shell-controller.ts';
import { installTestHook } from './app/test-hook.ts';
import { configuredTerminalCommand } from './jump/terminal-command.ts';
import { ElectronTray } from './tray/tray.ts';
import { AppWindows } from './windows/windows.ts';

const platform = process.platform;
const args = parseShellArgs(process.argv);
const here = path.dirname(fileURLToPath(import.meta.url));
// Bundled layout: dist/main/shell/main.js beside dist/preload/index.js and dist/renderer/.
const RENDERER_DIR = path.join(here, '..', '..', 'renderer');
const PRELOAD = path.join(here, '..', '..', 'preload', 'index.js');

/** electron-builder.yml's appId. */
const APP_ID = 'dev.trailboss.app';

const logger = streamLogger((line) => void process.stderr.write(line));
const log = (event: string, fields: Record<string, unknown>): void => logger.log('info', `shell.${event}`, fields);

const hotkeyEnv = hotkeyEnvironment(process.env, platform, platform === 'linux');
// Before ready: on Wayland, global shortcuts exist only through the desktop's GlobalShortcuts portal.
if (hotkeyEnv.session === 'wayland') app.commandLine.appendSwitch('enable-features', 'GlobalShortcutsPortal');
registerAppScheme();
// Electron's single-instance lock lives in userData: one app per TRAILBOSS_HOME, like the engine's own lock
// (an e2e run with a temp home never collides with the user's running app).
app.setPath('userData', path.join(resolvePaths({ env: process.env, platform, homedir: os.homedir(), cwd: process.cwd() }).home, 'electron'));

async function run(): Promise<void> {
  // A tray app stays when its window closes; only Quit ends it.
  app.on('window-all-closed', () => {});
  await app.whenReady();
  if (platform === 'darwin') app.dock?.hide();
  // Windows shows toasts only for an app with an AppUserModelID; the installer's shortcut carries the same id.
  if (platform === 'win32') app.setAppUserModelId(APP_ID);
  hardenSession(session.defaultSession);
  serveAppScheme(RENDERER_DIR);

  let engine: Engine;
  try {
    engine = await Engine.start({
      env: process.env,
      platform,
      homedir: os.homedir(),
      cwd: process.cwd(),
      servers: args.tmuxSockets.length > 0 ? args.tmuxSockets.map((p): TmuxServer => ({ kind: 'socket', path: p })) : null,
      clock: systemClock,
      logger,
      runner: realRunner,
      processTable: platform === 'linux' ? procProcessTable() : { snapshot: () => new Map() },
      pid: process.pid,
      uiDir: null,
      api: true,
      // Armed once the tray listens, so a catch-up reminder after a restart reaches the user.
      deferReminders: true,
    });
  } catch (err) {
    dialog.showErrorBox('Trail Boss could not start', err instanceof Error ? err.message : String(err));
    app.exit(1);
    return;
  }

  const windows = new AppWindows({ preload: PRELOAD, platform, log });
  const tmuxClients = new Map<string, TmuxClient>();
  const tmuxFor = (server: TmuxServer): TmuxClient => {
    const key = serverKey(server);
    const client = tmuxClients.get(key) ?? new BatchTmuxClient(server, realRunner, { logger });
    tmuxClients.set(key, client);
    return client;
  };
  const jumpReports: { itemId: string; report: JumpReport }[] = [];
  const jump = createJumper({
    queueList: engine.api['queue:list'],
    tmuxFor,
    terminalCommand: () => configuredTerminalCommand(engine.config().terminal, platform),
    runner: realRunner,
    launcher: detachedLauncher(TMUX_ENV),
    processes: () => processSnapshot(platform, realRunner),
    clock: systemClock,
    platform,
    x11: (process.env['DISPLAY'] ?? '') !== '',
    onReport: (itemId, report) => {
      log('jump', { itemId, outcome: report.outcome, message: report.message });
      if (args.testHook) jumpReports.push({ itemId, report });
    },
  });

  const hotkeys = new ElectronHotkeys(hotkeyEnv);
  const electronNotifier = new ElectronNotifier(platform, log);
  // Linux: Electron's notifications have no buttons; the freedesktop service over D-Bus has them.
  const dbusSetting = (): boolean | 'auto' => engine.config().notifications.dbus;
  const dbusNotifier =
    platform === 'linux' && dbusSetting() !== false ? await DbusNotifier.open({ address: process.env['DBUS_SESSION_BUS_ADDRESS'], icon: '', logger }) : null;
  const notifier = dbusNotifier === null ? electronNotifier : new LinuxNotifier(dbusNotifier, electronNotifier, dbusSetting);
  const tray = new ElectronTray(platform, () => windows.openQueue(null));
  // The controller and the API refer to each other (settings answers carry hotkey statuses).
  let controller: ShellController | null = null;
  const shellApi = (surface: 'queue' | 'tray' | 'notification') => shellApiMethods(engine.apiFor(surface), { jump, hotkeyStatuses: () => controller?.hotkeyStatuses() ?? [] });
  // The audit log says on whose action: the queue window's calls are `queue`, notification buttons
  // `notification`, tray and hotkey actions `tray`.
  const api = shellApi('tray');
  const windowApi = shellApi('queue');
  let stopping = false;
  const shell = new ShellController({
    engine,
    api,
    notificationApi: shellApi('notification'),
    clock: systemClock,
    platform,
    tray,
    notifier,
    hotkeys,
    windows,
    persistPause: (until) => {
      const saved = persistPausedUntil(engine.paths.config, until);
      if (!saved.ok) log('pause.not-saved', { problem: saved.problem });
    },
    startAtLogin: startAtLogin(platform, process.env, os.homedir()) ?? undefined,
    quit: () => void quit(),
    clockTime: (ms) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
  });
  controller = shell;
  const removeIpc = registerIpcHandlers({
    api: windowApi,
    ourWebContents: () => windows.ourWebContents(),
    onRefused: (channel, envelope) => log('ipc.refused', { channel, error: envelope.ok ? null : envelope.error }),
  });

  async function quit(): Promise<void> {
    if (stopping) return;
    stopping = true;
    shell.dispose();
    removeIpc();
    hotkeys.dispose();
    await notifier.closeAll();
    windows.closeAll();
    tray.destroy();
    await Promise.all([...tmuxClients.values()].map((c) => c.close().catch(() => {})));
    await engine.stop().catch((err: unknown) => log('engine.stop-failed', { error: String(err) }));
    app.exit(0);
  }
  // Cmd+Q, the OS logging out, or app.quit() from anywhere: stop the engine cleanly first.
  app.on('before-quit', (event) => {
    if (stopping) return;
    event.preventDefault();
    void quit();
  });
  app.on('second-instance', () => windows.openQueue(null));

  if (args.testHook) {
    installTestHook({
      snapshot: () => shell.snapshot(),
      pressHotkey: (name) => shell.hotkeyPressed(name),
      act: (action) => shell.act(action),
      jumpReports: () => jumpReports,
      windowUrl: () => windows.current()?.webContents.getURL() ?? null,
    });
  }
  await shell.start();
  engine.resumeReminders();
  if (args.openQueue) windows.openQueue(null);
  log('started', { home: engine.paths.home, servers: args.tmuxSockets.length > 0 ? args.tmuxSockets : 'default + config' });
}

// One instance per user: a second launch only asks the running one to show its queue.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  run().catch((err: unknown) => {
    logger.log('error', 'shell.crashed', { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    app.exit(1);
  });
}
