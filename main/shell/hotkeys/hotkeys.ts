/**
 * Global hotkeys: parse and check Electron accelerator strings, flag combinations that clash with
 * common apps or the OS, and turn a failed registration into a hint the settings view shows.
 * Electron's grammar: modifiers joined by '+', then exactly one key code; case-insensitive.
 */
import type { SettingsDto } from '../../../preload/contract/settings.ts';

/** The hotkeys the app registers. */
export type HotkeyName = keyof SettingsDto['hotkeys'];

/** Every hotkey name, in the order settings show them. */
export const HOTKEY_NAMES: readonly HotkeyName[] = ['jumpOldest', 'openQueue'];

/**
 * Defaults: three modifiers and letters no common app binds with them. Deliberately not
 * Cmd+Alt+J (Chrome's JavaScript console on macOS) nor anything with Q (Cmd+Alt+Shift+Q logs out on macOS).
 */
export const DEFAULT_HOTKEYS: Readonly<Record<HotkeyName, string>> = {
  jumpOldest: 'CommandOrControl+Alt+Shift+J',
  openQueue: 'CommandOrControl+Alt+Shift+K',
};

/** A modifier, canonical. `CommandOrControl` is resolved per platform when compared. */
export type Modifier = 'CommandOrControl' | 'Command' | 'Control' | 'Alt' | 'AltGr' | 'Shift' | 'Super';

const MODIFIER_NAMES: Readonly<Record<string, Modifier>> = {
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
};

const NAMED_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'Plus',
    'Space',
    'Tab',
    'Capslock',
    'Numlock',
    'Scrolllock',
    'Backspace',
    'Delete',
    'Insert',
    'Return',
    'Up',
    'Down',
    'Left',
    'Right',
    'Home',
    'End',
    'PageUp',
    'PageDown',
    'Escape',
    'VolumeUp',
    'VolumeDown',
    'VolumeMute',
    'MediaNextTrack',
    'MediaPreviousTrack',
    'MediaStop',
    'MediaPlayPause',
    'PrintScreen',
    'numdec',
    'numadd',
    'numsub',
    'nummult',
    'numdiv',
  ].map((k) => [k.toLowerCase(), k]),
);
const KEY_ALIASES: Readonly<Record<string, string>> = { enter: 'Return', esc: 'Escape' };
const PUNCTUATION = new Set(Array.from(')!@#$%^&*(:;=<,_->.?/~`{][|}\\\'"'));

/** A parsed accelerator: its modifiers and its one key, canonically spelled. */
export interface Accelerator {
  readonly modifiers: readonly Modifier[];
  readonly key: string;
  /** Canonical text ("CommandOrControl+Alt+Shift+J"): what is registered and shown. */
  readonly text: string;
}

/** Parsed, or why not. */
export type AcceleratorParse = { readonly ok: true; readonly accelerator: Accelerator } | { readonly ok: false; readonly problem: string };

const MODIFIER_ORDER: readonly Modifier[] = ['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Shift', 'Super'];

function canonicalKey(token: string): string | null {
  const lower = token.toLowerCase();
  if (/^[a-z0-9]$/.test(lower)) return token.toUpperCase();
  if (/^f([1-9]|1\d|2[0-4])$/.test(lower)) return lower.toUpperCase();
  if (/^num\d$/.test(lower)) return lower;
  if (PUNCTUATION.has(token)) return token;
  return KEY_ALIASES[lower] ?? NAMED_KEYS[lower] ?? null;
}

/**
 * Parses an accelerator. A global hotkey needs a modifier other than Shift: a bare key or
 * Shift+letter would take that key away from typing in every application.
 */
export function parseAccelerator(text: string): AcceleratorParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'is empty' };
  // "Plus" spells the + key; a trailing "++" would also be read as it, but is ambiguous to humans.
  const tokens = trimmed.split('+').map((t) => t.trim());
  if (tokens.some((t) => t === '')) return { ok: false, problem: 'has an empty part (write the + key as "Plus")' };
  const keyToken = tokens.pop() as string;
  const modifiers: Modifier[] = [];
  for (const token of tokens) {
    const m = MODIFIER_NAMES[token.toLowerCase()];
    if (m === undefined)
      return {
        ok: false,
        problem:
          canonicalKey(token) !== null ? `has more than one key ("${token}" and "${keyToken}")` : `has an unknown modifier "${token}"`,
      };
    if (modifiers.includes(m)) return { ok: false, problem: `repeats the modifier "${token}"` };
    modifiers.push(m);
  }
  const key = canonicalKey(keyToken);
  if (key === null)
    return {
      ok: false,
      problem: MODIFIER_NAMES[keyToken.toLowerCase()] ? 'has no key after its modifiers' : `has an unknown key "${keyToken}"`,
    };
  if (!modifiers.some((m) => m !== 'Shift'))
    return {
      ok: false,
      problem: 'needs a modifier besides Shift (e.g. "CommandOrControl+Alt+Shift+J"), or it would swallow that key in every app',
    };
  if (modifiers.includes('CommandOrControl') && (modifiers.includes('Command') || modifiers.includes('Control'))) {
    return { ok: false, problem: 'combines CommandOrControl with Command or Control, which is the same key on one platform' };
  }
  modifiers.sort((a, b) => MODIFIER_ORDER.indexOf(a) - MODIFIER_ORDER.indexOf(b));
  return { ok: true, accelerator: { modifiers, key, text: [...modifiers, key].join('+') } };
}

/** The physical combination on a platform, for comparing two accelerators ("Control+Alt+J" on Linux). */
export function physicalCombo(acc: Accelerator, platform: NodeJS.Platform): string {
  const mods = new Set<Modifier>(
    acc.modifiers.map((m): Modifier => {
      if (m === 'CommandOrControl') return platform === 'darwin' ? 'Command' : 'Control';
      // Electron maps Command/Cmd to Super (the Windows key) off macOS.
      if (m === 'Command' && platform !== 'darwin') return 'Super';
      return m;
    }),
  );
  return [...MODIFIER_ORDER.filter((m) => mods.has(m)), acc.key].join('+');
}
