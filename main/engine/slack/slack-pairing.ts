/**
 * Pairing with Slack, once, from the desk (`trailboss slack pair`): the bot token is checked with
 * `auth.test` (which also names the bot and its workspace), the app token by opening the Socket Mode
 * connection with it (`apps.connections.open` is the method an app-level token exists for), then a
 * one-time code (96 random bits, 10 minutes, stored hashed) is shown for the user to send to the bot
 * in a DM. This waits for exactly that DM and nothing else; the desk then confirms who sent it.
 */
import type { Logger } from '../platform/log.ts';
import { hashSecret } from '../phone/press-token.ts';
import { BotApiError } from '../phone/bot-api.ts';
import type { SlackApi } from './slack-api.ts';
import { readEnvelope } from './slack-events.ts';
import { SlackSocket } from './slack-socket.ts';

/** Who the bot is. */
export interface SlackBotIdentity {
  readonly teamId: string | null;
  readonly botUserId: string;
  readonly botName: string;
}

/** Who sent the code, from which DM. */
export interface SlackCandidate {
  readonly userId: string;
  readonly channelId: string;
}

/** The bot token's identity (auth.test); throws a redacted BotApiError when Slack refuses it. */
export async function slackBotIdentity(web: SlackApi): Promise<SlackBotIdentity> {
  const me = await web.call('auth.test');
  const botUserId = me['user_id'];
  const botName = me['user'];
  if (typeof botUserId !== 'string' || typeof botName !== 'string') throw new Error('auth.test answered without the bot user');
  return { teamId: typeof me['team_id'] === 'string' ? me['team_id'] : null, botUserId, botName };
}

/** The user's real name from users.info (`users:read`), or null when Slack will not say. */
export async function slackRealName(web: SlackApi, userId: string): Promise<string | null> {
  try {
    const r = await web.call('users.info', { user: userId });
    const u = r['user'] as { real_name?: unknown; profile?: { real_name?: unknown }; name?: unknown } | undefined;
    const name = u?.real_name ?? u?.profile?.real_name ?? u?.name;
    return typeof name === 'string' && name.trim() !== '' ? name : null;
  } catch {
    return null;
  }
}

/** One Socket Mode connection held while pairing: `connected` settles once, `code` waits for the DM. */
export class PairingListener {
  private readonly socket: SlackSocket;
  private codeHash: string | null = null;
  private found: ((c: SlackCandidate) => void) | null = null;
  private connectedOnce: { done: () => void; failed: (e: Error) => void } | null = null;
  readonly connected: Promise<void>;

  constructor(opts: { apiBase: string; appToken: string; logger: Logger; botUserId: string }) {
    this.connected = new Promise((done, failed) => (this.connectedOnce = { done, failed }));
    this.connected.catch(() => undefined);
    this.socket = new SlackSocket({
      apiBase: opts.apiBase,
      appToken: opts.appToken,
      logger: opts.logger,
      handle: async (envelope) => {
        const input = readEnvelope(envelope);
        if (input.kind !== 'message' || input.channelType !== 'im' || input.userId === opts.botUserId || this.codeHash === null) return;
        const text = input.text.trim();
        if (/^[A-Za-z0-9_-]{1,64}$/.test(text) && hashSecret(text) === this.codeHash)
          this.found?.({ userId: input.userId, channelId: input.channelId });
      },
      state: (connected) => {
        if (connected) this.connectedOnce?.done();
      },
      unauthorized: (message) =>
        this.connectedOnce?.failed(new BotApiError('unauthorized', `Slack refused the app-level token (${message})`)),
    });
    this.socket.start();
  }

  /** Wait for a DM carrying the code whose hash is `codeHash`, until `deadline` (null) or `signal` (null). */
  waitForCode(codeHash: string, deadline: number, now: () => number, signal: AbortSignal): Promise<SlackCandidate | null> {
    this.codeHash = codeHash;
    return new Promise((done) => {
      const finish = (c: SlackCandidate | null) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', aborted);
        this.found = null;
        done(c);
      };
      const aborted = () => finish(null);
      const timer = setTimeout(() => finish(null), Math.max(0, deadline - now()));
      signal.addEventListener('abort', aborted, { once: true });
      this.found = finish;
    });
  }

  /** Disconnect. */
  stop(): Promise<void> {
    return this.socket.stop();
  }
}
