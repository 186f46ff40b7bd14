/**
 * What text may be typed into an agent. The text reaches the pane inside a bracketed paste, so
 * one ESC (`ESC [201~` ends the paste early, and the rest arrives as raw keys), NUL (tmux stops the
 * buffer there) or any other control character would make the agent receive something other
 * than the text. Newline and tab stay: the paste carries them as text.
 */

/** The longest text typed into a pane on any path (a paste of a whole file is a mistake). */
export const MAX_TYPED_TEXT = 100_000;

// C0 except tab (0x09) and newline (0x0a), DEL, and C1 (0x80-0x9f: 0x9b is a one-byte CSI).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Why `text` must not be typed, or null when it may. Checked before anything is sent or audited. */
export function typedTextProblem(text: string): string | null {
  if (text.length > MAX_TYPED_TEXT) return `text is ${text.length} characters; at most ${MAX_TYPED_TEXT} may be typed`;
  const found = CONTROL.exec(text);
  if (found) {
    const code = found[0].charCodeAt(0);
    return `text contains the control character ${controlName(code)} at position ${found.index}; only printable text, newlines and tabs can be typed`;
  }
  return null;
}

function controlName(code: number): string {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  switch (code) {
    case 0x00:
      return `NUL (${hex})`;
    case 0x0d:
      return `carriage return (${hex})`;
    case 0x1b:
      return `ESC (${hex})`;
    case 0x7f:
      return `DEL (${hex})`;
    default:
      return hex;
  }
}

// Claude and Codex fold a long or many-line paste into one placeholder in their input box.
const PASTE_PLACEHOLDER = /^\[Pasted (?:text|Content)\b[^\]]*\]$/i;
// A box narrower or shorter than the text shows only its beginning or its end; this much must show.
const MIN_SHOWN_CHARS = 40;

/**
 * Whether an input box's draft, read after the paste (which followed a C-u), is the pasted text.
 * Recognisers re-join wrapped lines and trim them, so whitespace is not compared; everything else
 * must be equal — or, for a text too long for the box, the box shows at least 40 characters of its
 * beginning or end, or the runtime's paste placeholder stands for a long or many-line text. An empty
 * box never matches: the paste went somewhere else.
 */
export function draftShowsText(draft: string, text: string, runtime: string): boolean {
  const squeeze = (s: string) => s.replace(/\s+/g, '');
  const shown = squeeze(draft);
  const typed = squeeze(text);
  if (shown === '') return false;
  if (shown === typed) return true;
  if (shown.length >= MIN_SHOWN_CHARS && (typed.startsWith(shown) || typed.endsWith(shown))) return true;
  return (runtime === 'claude' || runtime === 'codex') && PASTE_PLACEHOLDER.test(draft.trim()) && (text.includes('\n') || text.length > 80);
}
