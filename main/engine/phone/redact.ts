/**
 * The bot token is part of every Bot API URL (`/bot<token>/method`), so any error that quotes a URL
 * would carry it. Everything the channel logs, stores or shows passes through here first.
 */

/** Anything shaped like a bot token (`<digits>:<35+ url-safe chars>`), wherever it appears. */
const TOKEN_SHAPE = /\d{5,}:[A-Za-z0-9_-]{30,}/g;

/** `text` with `token` (and anything shaped like a bot token) replaced by `<bot-token>`. */
export function redactToken(text: string, token: string | null = null): string {
  const known = token && token.length > 0 ? text.split(token).join('<bot-token>') : text;
  return known.replace(TOKEN_SHAPE, '<bot-token>');
}

/** An error's message, redacted, for a log field or a user-facing sentence. */
export function redactedError(error: unknown, token: string | null = null): string {
  return redactToken(error instanceof Error ? error.message : String(error), token);
}
