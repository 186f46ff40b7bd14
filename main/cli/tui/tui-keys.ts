/**
 * The terminal UI's keyboard: Ink's key events read as the shared keymap's commands, plus what only
 * the terminal has (quit, help, the snooze menu's digits). Pure, so every binding is tested.
 */
import type { KeyCommand } from '../../../client/keyboard/keymap.ts';
import { commandForKey } from '../../../client/keyboard/keymap.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';

/** The parts of Ink's `Key` the map reads. */
export interface InkKey {
  readonly upArrow: boolean;
  readonly downArrow: boolean;
  readonly home: boolean;
  readonly end: boolean;
  readonly return: boolean;
  readonly escape: boolean;
  readonly ctrl: boolean;
  readonly meta: boolean;
}

/** Which part of the UI has the keyboard. */
export type TuiMode = 'list' | 'help' | 'reply' | 'deny-message' | 'snooze';

/** What a key press asks for. */
export type TuiKey =
  | { readonly kind: 'command'; readonly command: KeyCommand }
  | { readonly kind: 'quit' }
  | { readonly kind: 'help' }
  | { readonly kind: 'snooze-choice'; readonly index: number }
  | { readonly kind: 'none' };

const NONE: TuiKey = { kind: 'none' };

/** The browser's name for the key, as the shared keymap knows it; null for keys it has no name for. */
function keyName(input: string, key: InkKey): string | null {
  if (key.return) return 'Enter';
  if (key.escape) return 'Escape';
  if (key.upArrow) return 'ArrowUp';
  if (key.downArrow) return 'ArrowDown';
  if (key.home) return 'Home';
  if (key.end) return 'End';
  return input.length === 1 ? input : null;
}

/** The meaning of one key press in `mode`. The reply line reads its own text; here it only hears Escape. */
export function tuiKey(input: string, key: InkKey, mode: TuiMode): TuiKey {
  if (key.ctrl || key.meta) return NONE;
  switch (mode) {
    case 'help':
      // Any key closes the help; q still quits.
      return input === 'q' ? { kind: 'quit' } : { kind: 'help' };
    case 'reply':
    case 'deny-message':
      return key.escape ? { kind: 'command', command: 'cancel' } : NONE;
    case 'snooze': {
      if (key.escape) return { kind: 'command', command: 'cancel' };
      const digit = /^[1-9]$/.test(input) ? Number(input) - 1 : -1;
      return digit >= 0 ? { kind: 'snooze-choice', index: digit } : NONE;
    }
    case 'list': {
      if (input === 'q' || key.escape) return { kind: 'quit' };
      if (input === '?') return { kind: 'help' };
      const name = keyName(input, key);
      if (name === null) return NONE;
      const command = commandForKey({ key: name, ctrlKey: false, metaKey: false, altKey: false, repeat: false, focus: 'other' });
      return command === null ? NONE : { kind: 'command', command };
    }
    default:
      return assertNever(mode, 'TUI mode');
  }
}
