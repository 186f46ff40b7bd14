/** Start at login, per platform: Electron's login items on macOS and Windows, an XDG autostart file on Linux. */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { app } from 'electron';
import { autostartEntry, autostartFile } from './login-item.ts';

/** Reads and sets whether the app starts at login. */
export interface StartAtLogin {
  get(): boolean;
  set(enabled: boolean): void;
}

/** The platform's mechanism, or null where there is none. */
export function startAtLogin(platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>, homedir: string): StartAtLogin | null {
  if (platform === 'darwin' || platform === 'win32') {
    return { get: () => app.getLoginItemSettings().openAtLogin, set: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled }) };
  }
  if (platform !== 'linux') return null;
  const file = autostartFile(env, homedir);
  // Unpackaged (development), the binary is Electron itself and needs the app's path.
  const executable = env['APPIMAGE'] ?? process.execPath;
  const args = app.isPackaged ? [] : [app.getAppPath()];
  return {
    get: () => existsSync(file),
    set(enabled) {
      if (!enabled) return void rmSync(file, { force: true });
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, autostartEntry(executable, args), { mode: 0o644 });
    },
  };
}
