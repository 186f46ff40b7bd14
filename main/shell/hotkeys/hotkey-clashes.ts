/**
 * Combinations that already mean something to the OS or to apps most people run. A global hotkey
 * on one of them would steal it everywhere, so settings warn before the user keeps it.
 */
import type { Accelerator } from './hotkeys.ts';
import { physicalCombo } from './hotkeys.ts';

type ClashTable = Readonly<Record<string, string>>;

const DARWIN: ClashTable = {
  'Command+Space': 'Spotlight',
  'Command+Alt+Space': 'Finder search',
  'Command+Tab': 'the app switcher',
  'Command+Alt+Escape': 'Force Quit',
  'Command+Alt+D': 'Dock hiding',
  'Command+Alt+I': 'browser developer tools',
  'Command+Alt+J': 'Chrome’s JavaScript console',
  'Command+Alt+C': 'Chrome’s element inspector',
  'Command+Alt+U': 'Chrome’s page source',
  'Command+Alt+H': '“hide others”',
  'Command+Alt+M': '“minimise all”',
  'Command+Alt+W': '“close all windows”',
  'Command+Alt+N': 'new-folder and new-window commands',
  'Command+Alt+V': 'Finder’s move-here',
  'Command+Shift+3': 'screenshots',
  'Command+Shift+4': 'screenshots',
  'Command+Shift+5': 'screenshots',
  'Command+Control+Q': 'Lock Screen',
  'Command+Shift+Q': 'Log Out',
  'Command+Alt+Shift+Q': 'Log Out without asking',
  'Command+Alt+Shift+Escape': 'Force Quit of the front app',
  'Command+Control+Space': 'the emoji picker',
  'Command+Control+F': 'full screen',
};

const LINUX: ClashTable = {
  'Control+Alt+T': 'opening a terminal',
  'Control+Alt+L': 'locking the screen',
  'Control+Alt+D': 'showing the desktop',
  'Control+Alt+Delete': 'log out / system menu',
  'Control+Alt+Backspace': 'killing the X server',
  'Control+Alt+Left': 'switching workspaces',
  'Control+Alt+Right': 'switching workspaces',
  'Control+Alt+Up': 'switching workspaces',
  'Control+Alt+Down': 'switching workspaces',
  'Control+Alt+Tab': 'switching system controls',
  'Control+Alt+Shift+R': 'GNOME screen recording',
  'Control+Alt+Escape': 'KDE’s window killer',
  'Control+Shift+Escape': 'the system monitor',
  'Alt+Tab': 'the window switcher',
  'Alt+F2': 'the run dialog',
  'Alt+F4': 'closing the window',
  'Super+L': 'locking the screen',
};

const WIN32: ClashTable = {
  'Control+Alt+Delete': 'the security screen',
  'Control+Shift+Escape': 'Task Manager',
  'Alt+Tab': 'the window switcher',
  'Alt+F4': 'closing the window',
  'Control+Alt+Up': 'screen rotation on many graphics drivers',
  'Control+Alt+Down': 'screen rotation on many graphics drivers',
  'Control+Alt+Left': 'screen rotation on many graphics drivers',
  'Control+Alt+Right': 'screen rotation on many graphics drivers',
  'Super+L': 'locking the screen',
  'Super+D': 'showing the desktop',
  'Super+E': 'File Explorer',
};

function table(platform: NodeJS.Platform): ClashTable {
  return platform === 'darwin' ? DARWIN : platform === 'win32' ? WIN32 : LINUX;
}

/**
 * Why the accelerator is a poor global hotkey on `platform`, or null. Besides the table, the
 * primary modifier plus one letter or digit is every app's own shortcut (copy, save, new tab…).
 */
export function knownClash(acc: Accelerator, platform: NodeJS.Platform): string | null {
  const combo = physicalCombo(acc, platform);
  const owner = table(platform)[combo];
  if (owner !== undefined) return `already used for ${owner}`;
  const primary = platform === 'darwin' ? 'Command' : 'Control';
  const rest = combo.split('+');
  const key = rest.pop() ?? '';
  const mods = rest.filter((m) => m !== 'Shift');
  if (mods.length === 1 && mods[0] === primary && /^[A-Z0-9]$/.test(key))
    return `${combo} is an ordinary shortcut in most apps (it would stop working in all of them)`;
  return null;
}
