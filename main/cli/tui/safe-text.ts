/**
 * Text from outside (pane lines, prompts, engine messages) made safe for a terminal: the TUI draws
 * into the user's own terminal, where an ESC from a pane would be a command. Control characters
 * (C0, DEL, C1) become visible `^X` / `<U+009B>` marks, bidi overrides and zero-width characters
 * become visible `<U+202E>` marks; nothing else changes. Pure.
 * TODO(issue 24): switch to `cleanExternalText` (main/engine/text/clean-text.ts) once it is on main.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f-\x9f]/g;
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

const codepoint = (c: string): string => `<U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`;

/** One line of outside text, safe to print: no control character or invisible direction mark survives. */
export function safeLine(text: string): string {
  return text
    .replace(CONTROL, (c) => {
      const code = c.charCodeAt(0);
      if (code === 0x09) return ' ';
      if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
      if (code === 0x7f) return '^?';
      return codepoint(c);
    })
    .replace(INVISIBLE, codepoint);
}
