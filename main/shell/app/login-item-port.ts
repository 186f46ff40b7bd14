/** Start at login, per platform: Electron's login items on macOS and Windows, an XDG autostart file on Linux; each marks a login start. */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { app } from 'electron';
import { autostartEntry, autostartFile, staleAutostart } from './login-item.ts';
import { AT_LOGIN_FLAG } from './shell-args.ts';

/** Reads and sets whether the app starts at login. */
export interface StartAtLogin {
  get(): boolean;
  set(enabled: boolean): void;
  /** Rewrites an enabled entry that no longer starts this copy of the app (Linux); absent elsewhere. */
  refresh?(): void;
}

/** The platform's mechanism, or null where there is none. */
export function startAtLogin(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
  homedir: string,
): StartAtLogin | null {
  if (platform === 'darwin') {
    // A macOS login item is the running bundle; unpackaged that is Electron.app, which would start
    // Electron's default app at login, not ours: no entry in development rather than a wrong one.
    if (!app.isPackaged) return null;
    return { get: () => app.getLoginItemSettings().openAtLogin, set: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled }) };
  }
  if (platform === 'win32') {
    // Unpackaged the executable is Electron itself and needs the app's path; the flag marks a login start.
    const target = app.isPackaged ? { args: [AT_LOGIN_FLAG] } : { path: process.execPath, args: [app.getAppPath(), AT_LOGIN_FLAG] };
    return {
      get: () => app.getLoginItemSettings(target).openAtLogin,
      set: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled, ...target }),
    };
  }
  if (platform !== 'linux') return null;
  const file = autostartFile(env, homedir);
  // Unpackaged (development), the binary is Electron itself and needs the app's path.
  const executable = env['APPIMAGE'] ?? process.execPath;
  const args = app.isPackaged ? [AT_LOGIN_FLAG] : [app.getAppPath(), AT_LOGIN_FLAG];
  return {
    get: () => existsSync(file),
    refresh() {
      const existing = existsSync(file) ? readFileSync(file, 'utf8') : null;
      const entry = staleAutostart(existing, autostartEntry(executable, args));
      if (entry !== null) writeFileSync(file, entry, { mode: 0o644 });
    },
    set(enabled) {
      if (!enabled) return void rmSync(file, { force: true });
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, autostartEntry(executable, args), { mode: 0o644 });
    },
  };
}
