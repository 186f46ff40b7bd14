/**
 * The steps of pairing Slack that `trailboss slack pair` and the settings view share: say a Slack
 * failure in one sentence, save a confirmed pairing (both tokens owner-only, the user and DM in
 * SQLite), forget one, read the pairing as a status, and the texts both send. No token appears in
 * anything these return or throw.
 */
import type { SlackStatusDto } from '../../../preload/contract/slack.ts';
import { BotApiError } from '../phone/bot-api.ts';
import type { Store } from '../store/index.ts';
import type { SlackBotIdentity, SlackCandidate } from './slack-pairing.ts';
import { redactedSlackError } from './slack-redact.ts';
import { readSlackToken, removeSlackTokens, saveSlackTokens } from './slack-token-files.ts';

/** How long the Socket Mode connection may take to say hello before pairing gives up. */
export const SLACK_CONNECT_MS = 30_000;

/** Posted in the DM once paired. */
export const PAIRED_HELLO = 'Paired with Trail Boss: agents that wait will be sent here.';

/** What `slack test` posts. */
export function slackTestText(at: number): string {
  return `Trail Boss test message, ${new Date(at).toISOString()}: this DM will get the agents that wait.`;
}

/** A Slack failure as one sentence for the user (never a token). */
export function explainSlackFailure(error: unknown, tokens: readonly string[]): string {
  if (error instanceof BotApiError && error.failure === 'unauthorized')
    return `Slack refused the token: ${redactedSlackError(error, ...tokens)}`;
  if (error instanceof BotApiError && (error.failure === 'network' || error.failure === 'timeout'))
    return `cannot reach the Slack API (${redactedSlackError(error, ...tokens)}); check the network or the API base`;
  return redactedSlackError(error, ...tokens);
}

/** A raw config object with `phone.slack.apiBase` set (every other key kept). */
export function withSlackApiBase(config: Record<string, unknown>, apiBase: string): Record<string, unknown> {
  const phone = (config['phone'] as Record<string, unknown> | undefined) ?? {};
  const slack = (phone['slack'] as Record<string, unknown> | undefined) ?? {};
  return { ...config, phone: { ...phone, slack: { ...slack, apiBase } } };
}

/** Both saved tokens, or null when either is missing or unreadable. */
export function savedSlackTokens(home: string): { bot: string; app: string } | null {
  try {
    const bot = readSlackToken(home, 'bot');
    const app = readSlackToken(home, 'app');
    return bot !== null && app !== null ? { bot, app } : null;
  } catch {
    return null;
  }
}

/** The pairing as the settings view shows it. */
export function slackStatusDto(store: Store, home: string): SlackStatusDto {
  const p = store.slack.pairing();
  const paired = p.channelId !== null && savedSlackTokens(home) !== null;
  return {
    paired,
    name: p.userName,
    userId: p.userId,
    bot: p.botName,
    connected: paired && p.connected,
    lastConnectedAt: p.lastConnectedAt,
    problem: p.lastError,
  };
}

/** Save a confirmed pairing: both tokens owner-only, then the user, their DM and the bot. */
export function saveSlackPairing(
  store: Store,
  home: string,
  tokens: { bot: string; app: string },
  me: SlackBotIdentity,
  found: SlackCandidate & { readonly name: string },
  at: number,
): void {
  saveSlackTokens(home, tokens);
  store.slack.pair({
    teamId: me.teamId,
    userId: found.userId,
    userName: found.name,
    channelId: found.channelId,
    botUserId: me.botUserId,
    botName: me.botName,
    at,
  });
}

/** Forget the pairing and remove both saved tokens. */
export function forgetSlackPairing(store: Store, home: string): void {
  store.slack.unpair();
  removeSlackTokens(home);
}
