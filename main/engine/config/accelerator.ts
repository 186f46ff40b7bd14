/**
 * Global hotkeys are Electron accelerators ("CommandOrControl+Alt+J"). The engine checks the shape
 * only (Electron is not available here); at least one modifier is required, because a bare global
 * key would swallow that key in every application.
 */

const MODIFIERS = new Set([
  'command',
  'cmd',
  'control',
  'ctrl',
  'commandorcontrol',
  'cmdorctrl',
  'alt',
  'option',
  'altgr',
  'shift',
  'super',
  'meta',
]);

const NAMED_KEYS = new Set([
  'plus',
  'space',
  'tab',
  'capslock',
  'numlock',
  'scrolllock',
  'backspace',
  'delete',
  'insert',
  'return',
  'enter',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'escape',
  'esc',
  'printscreen',
  'volumeup',
  'volumedown',
  'volumemute',
  'medianexttrack',
  'mediaprevioustrack',
  'mediastop',
  'mediaplaypause',
]);

/** Why `text` is not a usable global accelerator, or null when it is. */
export function acceleratorProblem(text: string): string | null {
  const parts = text.split('+');
  const key = parts.pop() ?? '';
  if (parts.length === 0) return 'needs at least one modifier (e.g. "CommandOrControl+Alt+J")';
  const badModifier = parts.find((p) => !MODIFIERS.has(p.toLowerCase()));
  if (badModifier !== undefined) return `unknown modifier "${badModifier}"`;
  if (!isKey(key)) return `unknown key "${key}"`;
  return null;
}

function isKey(key: string): boolean {
  return (
    /^[A-Za-z0-9]$/.test(key) ||
    /^F([1-9]|1[0-9]|2[0-4])$/i.test(key) ||
    /^num(\d|dec|add|sub|mult|div)$/i.test(key) ||
    /^[)!@#$%^&*(:;<=>?_~{}|,\-./`[\]\\'"]$/.test(key) ||
    NAMED_KEYS.has(key.toLowerCase())
  );
}
