/**
 * Text from outside (hook payloads, plugin events, transcripts, chats, panes) made safe to keep,
 * show and send on. Pure: imports nothing, so every engine room, the CLI and the shell may use it.
 *
 * Nothing is silently dropped: what could drive a terminal or hide text is made visible instead, so
 * a row that tries to hide `rm -rf ~/` behind `ESC[2K` shows both the command and the attempt.
 * - C0 controls (except tab and newline) and DEL become their Control Pictures (`ESC` → `␛`,
 *   `BEL` → `␇`, `DEL` → `␡`); every escape sequence (CSI, OSC ending in BEL or ST, DCS, APC, PM,
 *   SOS, a lone ESC) therefore reads as plain text and can no longer act. CRLF becomes LF first.
 * - C1 controls (U+0080–U+009F: U+009B is a one-byte CSI), format characters (bidi overrides and
 *   isolates, LRM/RLM/ALM, zero-width space/joiners, word joiner, BOM, soft hyphen, tag characters),
 *   and the line/paragraph separators become `<U+XXXX>`.
 * - Lone surrogates (a broken UTF-16 string, e.g. from JSON `"\ud800"`) become U+FFFD; for bytes,
 *   `decodeExternalText` replaces invalid UTF-8 the same way before cleaning.
 * The result is idempotent: cleaning it again changes nothing.
 */

/** The replacement character for text that was not valid UTF-8 / UTF-16. */
export const REPLACEMENT = '\uFFFD';

// One pass finds everything that needs a change; the `u` flag makes a paired surrogate one code
// point, so the surrogate class matches lone halves only.
// eslint-disable-next-line no-control-regex
const HOSTILE = /\r\n|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]|[\ud800-\udfff]/gu;
// eslint-disable-next-line no-control-regex
const ANY_HOSTILE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]|[\ud800-\udfff]/u;

/** `<U+202E>`: how a character that must not act is shown. */
export function visibleCodePoint(codePoint: number): string {
  return `<U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}>`;
}

function replacementFor(match: string): string {
  if (match === '\r\n') return '\n';
  const code = match.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  if (code >= 0xd800 && code <= 0xdfff) return REPLACEMENT;
  return visibleCodePoint(code);
}

/** Clean one text from outside: controls and escapes made visible, bidi/zero-width shown, broken UTF-16 replaced. */
export function cleanExternalText(text: string): string {
  if (!ANY_HOSTILE.test(text)) return text;
  return text.replace(HOSTILE, replacementFor);
}

/** Decode bytes from outside as UTF-8 (invalid sequences → U+FFFD) and clean the text. */
export function decodeExternalText(bytes: Uint8Array): string {
  return cleanExternalText(new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes));
}

/** Clean a value that may not be a string (a payload field): strings are cleaned, anything else is returned as is. */
export function cleanIfText<T>(value: T): T {
  return (typeof value === 'string' ? cleanExternalText(value) : value) as T;
}

/**
 * Text about to be written to a terminal (a CLI table, a log line on a tty), as defence in depth:
 * the same cleaning, and with `oneLine` newlines and tabs shown as `␤`/`␉` so a value stays in its cell.
 */
export function escapeForTerminal(text: string, options: { readonly oneLine?: boolean } = {}): string {
  const clean = cleanExternalText(text);
  return options.oneLine ? clean.replace(/\n/g, '\u2424').replace(/\t/g, '\u2409') : clean;
}
