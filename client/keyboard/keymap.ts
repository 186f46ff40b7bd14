/** The queue's keyboard map: which key does what. Pure, so every binding is tested. */

/** What a key asks the queue to do. */
export type KeyCommand =
  'next' | 'prev' | 'first' | 'last' | 'approve' | 'deny' | 'deny-message' | 'reply' | 'skip' | 'snooze' | 'jump' | 'cancel';

/** The parts of a keyboard event the map looks at. */
export interface KeyInput {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** Auto-repeat from a held key: never repeats an action. */
  readonly repeat: boolean;
  /** Where focus is: a text field owns every key but Escape; a button or link owns Enter. */
  readonly focus: 'text' | 'control' | 'other';
}

const BINDINGS: Readonly<Record<string, KeyCommand>> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'prev',
  ArrowUp: 'prev',
  g: 'first',
  Home: 'first',
  G: 'last',
  End: 'last',
  a: 'approve',
  d: 'deny',
  // Shift+D: deny and tell the agent what to do instead (opens a text box; nothing is sent until Enter).
  D: 'deny-message',
  r: 'reply',
  s: 'skip',
  z: 'snooze',
  Enter: 'jump',
  Escape: 'cancel',
};

/** The bindings for the help line, in display order. */
export const KEY_HELP: ReadonlyArray<readonly [string, string]> = [
  ['j / k', 'move'],
  ['a', 'approve'],
  ['d', 'deny'],
  ['D', 'deny + tell'],
  ['r', 'reply'],
  ['s', 'skip'],
  ['z', 'snooze'],
  ['Enter', 'jump'],
];

/** The command for a key press, or null when the key is not ours. */
export function commandForKey(input: KeyInput): KeyCommand | null {
  // Modified keys are the browser's or the OS's (Ctrl+R reloads, Cmd+A selects all).
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  const command = BINDINGS[input.key] ?? null;
  if (command === null) return null;
  if (input.focus === 'text') return command === 'cancel' ? 'cancel' : null;
  if (input.focus === 'control' && input.key === 'Enter') return null;
  // Holding `a` must not approve the next item that slides up under the cursor.
  const moves = command === 'next' || command === 'prev';
  if (input.repeat && !moves) return null;
  return command;
}
