/**
 * Text from outside (pane lines, prompts, engine messages) made safe for one line of the terminal
 * UI, which draws into the user's own terminal, where an ESC from a pane would be a command: the
 * shared cleaning (`escapeForTerminal`: controls and escape sequences shown as Control Pictures,
 * bidi and zero-width characters as `<U+XXXX>`), with newlines and tabs shown so a row stays a row.
 */
import { escapeForTerminal } from '../../engine/text/clean-text.ts';

/** One line of outside text, safe to print. */
export function safeLine(text: string): string {
  return escapeForTerminal(text, { oneLine: true });
}
