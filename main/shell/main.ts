/**
 * The desktop app's entry: one instance, hidden in the tray (menu bar only on macOS), the engine
 * in-process, and the shell's surfaces wired to it. Composition only — every decision lives in the
 * pure modules beside this file.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, powerMonitor, session } from 'electron';
import { Engine } from '../engine/engine.ts';
import { systemClock } from '../engine/platform/clock.ts';
import type { Logger } from '../engine/platform/log.ts';
import { streamLogger } from '../engine/platform/log.ts';
import { DEFAULT_ROTATION, logFilePath, rotatingFileLogger } from '../engine/platform/log-file.ts';
import { resolvePaths } from '../engine/platform/paths.ts';
import { procProcessTable } from '../engine/platform/process-table.ts';
import { realRunner } from '../engine/platform/run.ts';
import { setUpTmux } from '../engine/tmux/locate.ts';
import { BatchTmuxClient } from '../engine/tmux/batch-client.ts';
import { TMUX_ENV } from '../engine/tmux/server-args.ts';
import { serverKey, type TmuxClient, type TmuxServer } from '../engine/tmux/types.ts';
import { hardenSession, registerAppScheme, serveAppScheme } from './windows/app-protocol.ts';
import { ElectronHotkeys } from './hotkeys/hotkey-registrar.ts';
import { hotkeyEnvironment } from './hotkeys/hotkey-status.ts';
import { probeShortcutsPortal } from './hotkeys/shortcuts-portal.ts';
import { registerIpcHandlers } from './ipc/typed-ipc.ts';
import type { JumpReport } from '../engine/jump/jump-executor.ts';
import { createJumper } from '../engine/jump/item-jumper.ts';
import { detachedLauncher } from '../engine/platform/launch-detached.ts';
import { startAtLogin } from './app/login-item-port.ts';
import { electronAppLocation } from './app/app-location-port.ts';
import { ElectronNotifier } from './notifications/notifications.ts';
import { LinuxNotifier } from './notifications/linux-notifications.ts';
import { DbusNotifier } from '../engine/notify/dbus/dbus-notifier.ts';
import { persistPausedUntil } from './app/pause-store.ts';
import { processSnapshot } from '../engine/jump/process-snapshot.ts';
import { shellApiMethods } from './app/shell-api.ts';
import { opensQueueAtStart, parseShellArgs, testHookAllowed } from './app/shell-args.ts';
import { tmuxProblem } from './app/shell-problem.ts';
import { withTimeLimit } from './app/time-limit.ts';
import { ShellController } from './app/shell-controller.ts';
import { installTestHook } from './app/test-hook.ts';
import { bundlePaths } from './app/bundle-paths.ts';
import { configuredTerminalCommand } from '../engine/jump/terminal-command.ts';
import { ElectronTray } from './tray/tray.ts';
import { AppWindows } from './windows/windows.ts';

const platform = process.platform;
const args = parseShellArgs(process.argv);
const testHook = testHookAllowed(args, app.isPackaged);
const here = path.dirname(fileURLToPath(import.meta.url));
const { rendererDir: RENDERER_DIR, preload: PRELOAD } = bundlePaths(here);

/** electron-builder.yml's appId. */
const APP_ID = 'dev.trailboss.app';
/** Stopping the engine waits for tmux clients and the store; a wedged one must not keep a quitting app alive. */
const QUIT_LIMIT_MS = 5_000;

const pathsInput = { env: process.env, platform, homedir: os.homedir(), cwd: process.cwd() };
const stderrLine = (line: string): void => void process.stderr.write(line);
const logFile = logFilePath(pathsInput);
// A packaged app has no terminal: the log file is where the user (and doctor) look. In development both.
const fileLogger = rotatingFileLogger(logFile, DEFAULT_ROTATION, stderrLine);
const consoleLogger = streamLogger(stderrLine);
const logger: Logger = app.isPackaged ? fileLogger : { log: (...a) => (fileLogger.log(...a), consoleLogger.log(...a)) };
const log = (event: string, fields: Record<string, unknown>): void => logger.log('info', `shell.${event}`, fields);

const hotkeyEnv = hotkeyEnvironment(process.env, platform, platform === 'linux');
// Before ready: on Wayland, global shortcuts exist only through the desktop's GlobalShortcuts portal.
if (hotkeyEnv.session === 'wayland') app.commandLine.appendSwitch('enable-features', 'GlobalShortcutsPortal');
registerAppScheme();
// Electron's single-instance lock lives in userData: one app per TRAILBOSS_HOME, like the engine's own lock
// (an e2e run with a temp home never collides with the user's running app). The folder must exist first.
const userData = path.join(resolvePaths(pathsInput).home, 'electron');
mkdirSync(userData, { recursive: true, mode: 0o700 });
app.setPath('userData', userData);

/** What a second launch or a Dock click asks for before the windows exist: done once they do. */
let showQueue: () => void = () => {
  pendingShow = true;
};
let pendingShow = false;

async function run(): Promise<void> {
  // A tray app stays when its window closes; only Quit ends it.
  app.on('window-all-closed', () => {});
  // macOS: clicking the app in Finder or the Dock while it runs shows the queue.
  app.on('activate', () => showQueue());
  await app.whenReady();
  if (platform === 'darwin') app.dock?.hide();
  // Windows shows toasts only for an app with an AppUserModelID; the installer's shortcut carries the same id.
  if (platform === 'win32') app.setAppUserModelId(APP_ID);
  hardenSession(session.defaultSession);
  serveAppScheme(RENDERER_DIR);

  const paths = resolvePaths(pathsInput);
  // Finder, the Dock and login start apps with launchd's minimal PATH: find tmux as the user's shell would.
  const tmuxSetup = await setUpTmux({ env: process.env, platform, homedir: os.homedir(), configFile: paths.config, runner: realRunner });
  if (tmuxSetup.binary.kind === 'found') log('tmux.found', { path: tmuxSetup.binary.path, source: tmuxSetup.binary.source });
  else logger.log('error', 'shell.tmux.not-found', { searched: tmuxSetup.binary.searched, configured: tmuxSetup.binary.configured });
  const runner = tmuxSetup.runner;

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
      runner,
      processTable: platform === 'linux' ? procProcessTable() : { snapshot: () => new Map() },
      pid: process.pid,
      uiDir: null,
      api: true,
      // Armed once the tray listens, so a catch-up reminder after a restart reaches the user.
      deferReminders: true,
    });
  } catch (err) {
    logger.log('error', 'shell.engine.start-failed', { error: err instanceof Error ? err.message : String(err) });
    dialog.showErrorBox('Trail Boss could not start', `${err instanceof Error ? err.message : String(err)}\n\nLog: ${logFile}`);
    app.exit(1);
    return;
  }

  const windows = new AppWindows({ preload: PRELOAD, platform, log, packaged: app.isPackaged });
  const tmuxClients = new Map<string, TmuxClient>();
  const tmuxFor = (server: TmuxServer): TmuxClient => {
    const key = serverKey(server);
    const client = tmuxClients.get(key) ?? new BatchTmuxClient(server, runner, { logger });
    tmuxClients.set(key, client);
    return client;
  };
  const jumpReports: { itemId: string; report: JumpReport }[] = [];
  const jump = createJumper({
    queueList: engine.api['queue:list'],
    tmuxFor,
    terminalCommand: () => configuredTerminalCommand(engine.config().terminal, platform),
    remoteHost: (name) => engine.config().hosts.find((h) => h.name === name) ?? null,
    runner,
    launcher: detachedLauncher(TMUX_ENV),
    processes: () => processSnapshot(platform, runner),
    clock: systemClock,
    platform,
    x11: (process.env['DISPLAY'] ?? '') !== '',
    onReport: (itemId, report) => {
      log('jump', { itemId, outcome: report.outcome, message: report.message });
      if (testHook) jumpReports.push({ itemId, report });
    },
  });

  const appLocation = electronAppLocation(platform);
  // Wayland: ask the portal itself whether global keys can exist here (Electron says "registered" regardless).
  const portal = hotkeyEnv.session === 'wayland' ? await probeShortcutsPortal(process.env['DBUS_SESSION_BUS_ADDRESS']) : null;
  if (portal !== null) log('hotkeys.portal', { ...portal });
  const hotkeys = new ElectronHotkeys(portal === null ? hotkeyEnv : { ...hotkeyEnv, portal: portal.kind });
  const electronNotifier = new ElectronNotifier(platform, log);
  // Linux: Electron's notifications have no buttons; the freedesktop service over D-Bus has them.
  const dbusSetting = (): boolean | 'auto' => engine.config().notifications.dbus;
  const dbusNotifier =
    platform === 'linux' && dbusSetting() !== false
      ? await DbusNotifier.open({ address: process.env['DBUS_SESSION_BUS_ADDRESS'], icon: '', logger })
      : null;
  const notifier = dbusNotifier === null ? electronNotifier : new LinuxNotifier(dbusNotifier, electronNotifier, dbusSetting);
  const loginItem = startAtLogin(platform, process.env, os.homedir());
  try {
    loginItem?.refresh?.();
  } catch (err) {
    log('login-item.refresh-failed', { error: err instanceof Error ? err.message : String(err) });
  }
  const tray = new ElectronTray(platform);
  // The controller and the API refer to each other (settings answers carry hotkey statuses).
  let controller: ShellController | null = null;
  const shellApi = (surface: 'queue' | 'tray' | 'notification') =>
    shellApiMethods(engine.apiFor(surface), { jump, hotkeyStatuses: () => controller?.hotkeyStatuses() ?? [], logFile, appLocation });
  // The audit log says on whose action: the queue window's calls are `queue`, notification buttons
  // `notification`, tray and hotkey actions `tray`.
  const api = shellApi('tray');
  const windowApi = shellApi('queue');
  let stopping = false;
  const shell = new ShellController({
    engine,
    hostOutages: () => engine.hosts.outages(),
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
    startAtLogin: loginItem ?? undefined,
    quit: () => void quit(),
    clockTime: (ms) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
    problem: tmuxProblem(tmuxSetup.binary, platform),
    logFile,
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
    windows.closeAll();
    tray.destroy();
    // Everything that waits on something else (the notification daemon, tmux, the store) shares one time limit.
    const stopped = await withTimeLimit(
      (async () => {
        await Promise.resolve(notifier.closeAll()).catch(() => {});
        await Promise.all([...tmuxClients.values()].map((c) => c.close().catch(() => {})));
        await engine.stop().catch((err: unknown) => log('engine.stop-failed', { error: String(err) }));
      })(),
      QUIT_LIMIT_MS,
    );
    if (!stopped) logger.log('warn', 'shell.quit.time-limit', { ms: QUIT_LIMIT_MS });
    app.exit(0);
  }
  // Cmd+Q, the OS logging out, or app.quit() from anywhere: stop the engine cleanly first.
  app.on('before-quit', (event) => {
    if (stopping) return;
    event.preventDefault();
    void quit();
  });
  // Logout or shutdown (Linux, macOS): stop the engine so its lock and endpoint are released.
  // The handler gets an event whose preventDefault delays the shutdown (documented; electron.d.ts omits the argument).
  const onShutdown = powerMonitor.on.bind(powerMonitor) as unknown as (
    name: 'shutdown',
    listener: (event?: { preventDefault(): void }) => void,
  ) => void;
  onShutdown('shutdown', (event) => {
    event?.preventDefault();
    void quit();
  });
  showQueue = () => windows.openQueue(null);

  if (testHook) {
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
  const openedAtLogin = platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin === true;
  if (pendingShow || opensQueueAtStart(args, openedAtLogin)) windows.openQueue(null);
  log('started', { home: engine.paths.home, log: logFile, servers: args.tmuxSockets.length > 0 ? args.tmuxSockets : 'default + config' });
}

// One instance per user: a second launch only asks the running one to show its queue. The listener
// is attached at once, so a launch during our own start-up (engine still starting) is not lost.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => showQueue());
  run().catch((err: unknown) => {
    logger.log('error', 'shell.crashed', { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    app.exit(1);
  });
}
