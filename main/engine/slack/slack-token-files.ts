/**
 * The Slack app's two tokens live in owner-only files next to the per-install API token
 * (`<home>/slack-bot-token` and `<home>/slack-app-token`, 0600 in a 0700 directory) — never in the
 * config, the log, an error message, the audit or a database row. The bot token (`xoxb-…`) calls the
 * Web API; the app-level token (`xapp-…`, scope `connections:write`) opens the Socket Mode connection
 * (https://api.slack.com/authentication/token-types).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { readSecretFile, writeSecretFile } from '../platform/secret-file.ts';

/** Which token. */
export type SlackTokenKind = 'bot' | 'app';

const SHAPE: Record<SlackTokenKind, RegExp> = { bot: /^xoxb-[A-Za-z0-9-]{10,}$/, app: /^xapp-[A-Za-z0-9-]{10,}$/ };
const WHAT: Record<SlackTokenKind, string> = {
  bot: 'not a bot token (Slack gives one like xoxb-…, under OAuth & Permissions → Bot User OAuth Token)',
  app: 'not an app-level token (Slack gives one like xapp-…, under Basic Information → App-Level Tokens, scope connections:write)',
};

/** Where a token is kept under a Trail Boss home. */
export function slackTokenPath(home: string, kind: SlackTokenKind): string {
  return path.join(home, kind === 'bot' ? 'slack-bot-token' : 'slack-app-token');
}

/** Whether `text` (trimmed) looks like a token of `kind`. The message never quotes the text. */
export function checkSlackToken(kind: SlackTokenKind, text: string): { ok: true; token: string } | { ok: false; message: string } {
  const token = text.trim();
  return SHAPE[kind].test(token) ? { ok: true, token } : { ok: false, message: WHAT[kind] };
}

/** The saved token, or null when there is none or the file holds something else. Tightens a loose mode. */
export function readSlackToken(home: string, kind: SlackTokenKind): string | null {
  return readSecretFile(slackTokenPath(home, kind), (text) => checkSlackToken(kind, text));
}

/** Save both tokens owner-only (each atomically). */
export function saveSlackTokens(home: string, tokens: { bot: string; app: string }): void {
  for (const kind of ['bot', 'app'] as const) writeSecretFile(slackTokenPath(home, kind), tokens[kind]);
}

/** Remove both (unpair). */
export function removeSlackTokens(home: string): void {
  for (const kind of ['bot', 'app'] as const) rmSync(slackTokenPath(home, kind), { force: true });
}
