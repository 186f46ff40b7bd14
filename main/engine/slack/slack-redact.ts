/**
 * Slack's tokens (`xoxb-…` for the bot, `xapp-…` for the app's socket) travel in Authorization
 * headers, not URLs, but an error, a library's log line or a pasted file can still quote one. Every
 * text the Slack channel logs, stores or shows passes through here first.
 */

/** Anything shaped like a Slack token, wherever it appears. */
const TOKEN_SHAPE = /\bx(?:ox[abposr]|app)-[A-Za-z0-9-]{8,}/g;

/** `text` with the given tokens and anything shaped like a Slack token replaced by `<slack-token>`. */
export function redactSlack(text: string, ...tokens: readonly (string | null)[]): string {
  let out = text;
  for (const t of tokens) if (t && t.length > 0) out = out.split(t).join('<slack-token>');
  return out.replace(TOKEN_SHAPE, '<slack-token>');
}

/** An error's message, redacted. */
export function redactedSlackError(error: unknown, ...tokens: readonly (string | null)[]): string {
  return redactSlack(error instanceof Error ? error.message : String(error), ...tokens);
}
