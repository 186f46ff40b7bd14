/**
 * Text from panes leaving for a Telegram chat: cleaned (the shared `cleanExternalText`), obvious
 * secrets masked, cut to fit in UTF-16 units (Telegram's count) *before* escaping, then escaped for
 * HTML parse mode, which needs only `<`, `>` and `&` (https://core.telegram.org/bots/api#html-style).
 */
import { stripAnsi } from '../runtimes/common/ansi.ts';
import { cleanExternalText } from '../text/clean-text.ts';

/**
 * Pane text for the chat: the capture's own colour codes removed, then the shared cleaning (any other
 * control character or escape made visible, bidi overrides and zero-width characters shown); tabs
 * become spaces.
 */
export function cleanForChat(text: string): string {
  return cleanExternalText(stripAnsi(text).replace(/\t/g, '  '));
}

/** Escape for Telegram's HTML parse mode. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** At most `max` UTF-16 units, never splitting a surrogate pair; `…` marks a cut. */
export function cutUtf16(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** The last `max` UTF-16 units (the end of a pane is what matters), `…` marking a cut start. */
export function keepEndUtf16(text: string, max: number): string {
  if (text.length <= max) return text;
  let start = text.length - Math.max(0, max - 1);
  const first = text.charCodeAt(start);
  if (first >= 0xdc00 && first <= 0xdfff) start += 1;
  return `…${text.slice(start)}`;
}

const SECRET_RULES: readonly [RegExp, string][] = [
  // Authorization headers and bearer tokens
  [/\b(Bearer|Basic|token)\s+[A-Za-z0-9._~+/=-]{12,}/gi, '$1 •••'],
  // KEY=value where the name says it is secret (env assignments, .env lines, export lines)
  [
    /\b([A-Za-z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|PASS|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH)[A-Za-z0-9_]*\s*[=:]\s*)("[^"]*"|'[^']*'|\S+)/gi,
    '$1•••',
  ],
  // Well-known token shapes: GitHub, Slack, OpenAI/Anthropic style keys, AWS access key ids, bot tokens
  [
    /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|\d{6,}:[A-Za-z0-9_-]{30,})\b/g,
    '•••',
  ],
  // PEM private key bodies: the base64 lines after BEGIN (through END when there is one), and no further,
  // so an unclosed key in a pane cannot hide the lines after it (the prompt's question and options)
  [
    /-----BEGIN [A-Z ]*PRIVATE KEY-----(?:\r?\n[A-Za-z0-9+/=]*)*(?:\r?\n-----END [A-Z ]*PRIVATE KEY-----)?/g,
    '-----BEGIN PRIVATE KEY----- •••',
  ],
  // user:password@ in URLs
  [/(\/\/[^/\s:@]+:)[^@\s/]+@/g, '$1•••@'],
];

/** `text` with obvious secrets (tokens, keys, passwords in assignments) replaced by `•••`. */
export function maskSecrets(text: string): string {
  return SECRET_RULES.reduce((t, [re, to]) => t.replace(re, to), text);
}
