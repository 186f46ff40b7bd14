/**
 * Start at login on Linux, where Electron's setLoginItemSettings does nothing: an XDG autostart
 * entry. Pure: the caller writes or removes the file. (macOS and Windows use Electron's API.)
 */
import path from 'node:path';

/** Where the autostart entry lives: `$XDG_CONFIG_HOME/autostart` or `~/.config/autostart`. */
export function autostartFile(env: Readonly<Record<string, string | undefined>>, homedir: string): string {
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(homedir, '.config');
  return path.join(base, 'autostart', 'trailboss.desktop');
}

/** Quoting for an Exec= argument (Desktop Entry spec: double quotes, with `"`, `` ` ``, `$`, `\` escaped; `%` doubled). */
function execArg(arg: string): string {
  const escaped = arg.replace(/%/g, '%%');
  if (/^[A-Za-z0-9_@+=:,./-]+$/.test(escaped)) return escaped;
  return `"${escaped.replace(/(["`$\\])/g, '\\$1')}"`;
}

/**
 * The desktop entry. `executable` is the AppImage file when run from one (`$APPIMAGE`: the
 * process's own path is a temporary mount that is gone after exit), else the app binary.
 */
export function autostartEntry(executable: string, args: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Trail Boss',
    'Comment=Tells you the moment an AI coding agent waits for you',
    `Exec=${[executable, ...args].map(execArg).join(' ')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/**
 * The entry to write again at start, or null when the one there is current. An entry written by an
 * older install (the app's executable was `/opt/Trail Boss/trailboss` before it became
 * `trailboss-app`) or by an AppImage since moved would start nothing at the next login.
 */
export function staleAutostart(existing: string | null, wanted: string): string | null {
  return existing === null || existing === wanted ? null : wanted;
}
