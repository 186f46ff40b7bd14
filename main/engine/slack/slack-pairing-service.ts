/**
 * Pairing Slack from the settings view, the same steps as `trailboss slack pair` held in the engine:
 * both tokens checked (the bot token with auth.test, the app-level token by opening the Socket Mode
 * connection), a one-time code (10 minutes, stored hashed) shown to DM to the bot, a background wait
 * for exactly that DM, the sender's real name and id from users.info, and only the desk's confirmation
 * saves the tokens (owner-only files) and the pairing. One pairing at a time; while it runs the
 * supervisor leaves the app's socket alone (Slack spreads envelopes over every open connection). The
 * tokens are kept in memory only until then and appear in no answer, log line or error. The Slack
 * libraries load only when a pairing starts or a test message goes (as with the supervisor).
 */
import { randomUUID } from 'node:crypto';
import type { Envelope } from '../../../preload/contract/envelope.ts';
import { fail, ok } from '../../../preload/contract/envelope.ts';
import type { SlackPairingDto, SlackPairingStateDto } from '../../../preload/contract/slack.ts';
import { BotApiError } from '../phone/bot-api.ts';
import { newPairingCode, PAIRING_CODE_MS } from '../phone/pairing.ts';
import { isApiBase } from '../phone/pairing-steps.ts';
import type { Logger } from '../platform/log.ts';
import type { Store } from '../store/index.ts';
import { cleanExternalText } from '../text/clean-text.ts';
import type { SlackApi } from './slack-api.ts';
import type { PairingListener, SlackBotIdentity, SlackCandidate } from './slack-pairing.ts';
import {
  explainSlackFailure,
  forgetSlackPairing,
  PAIRED_HELLO,
  saveSlackPairing,
  savedSlackTokens,
  SLACK_CONNECT_MS,
  slackTestText,
} from './slack-pairing-steps.ts';
import type { SlackTokenKind } from './slack-token-files.ts';
import { checkSlackToken, readSlackToken } from './slack-token-files.ts';

/** What the service needs. */
export interface SlackPairingServiceDeps {
  readonly store: Store;
  readonly logger: Logger;
  readonly now: () => number;
  /** The Trail Boss home, where the token files are. */
  readonly home: string;
  /** The configured Web API base (`phone.slack.apiBase`). */
  readonly apiBase: () => string;
  /** Save an API base the user gave into the config; the problem in a sentence, or null. */
  readonly saveApiBase: (apiBase: string) => string | null;
  /** Told when the pairing changed or a pairing started or ended (the supervisor looks at once). */
  readonly changed?: () => void;
  /** How long the socket may take to say hello (tests shorten it). */
  readonly connectMs?: number;
  readonly requestTimeoutMs?: number;
}

interface Session {
  readonly id: string;
  readonly tokens: { readonly bot: string; readonly app: string };
  /** The API base the user gave (saved on confirm), or null for the configured one. */
  readonly givenApiBase: string | null;
  readonly web: SlackApi;
  readonly me: SlackBotIdentity;
  readonly listener: PairingListener;
  readonly expiresAt: number;
  readonly stop: AbortController;
  state: { kind: 'waiting' } | { kind: 'found'; who: SlackCandidate & { name: string } } | { kind: 'failed'; message: string };
}

const GONE = 'no such pairing (it was cancelled, confirmed or replaced); start again';

/** The settings view's Slack pairing, one at a time. */
export class SlackPairingService {
  private session: Session | null = null;

  constructor(private readonly deps: SlackPairingServiceDeps) {}

  /** Check both tokens (a null one: the saved one), connect, and start the code; the code to DM to the bot. */
  async start(botText: string | null, appText: string | null, apiBaseArg: string | null): Promise<Envelope<SlackPairingDto>> {
    const bot = this.token('bot', botText);
    if (!bot.ok) return fail('invalid', bot.message);
    const app = this.token('app', appText);
    if (!app.ok) return fail('invalid', app.message);
    if (apiBaseArg !== null && !isApiBase(apiBaseArg)) return fail('invalid', 'the API base must be an http(s) URL');
    const { store, now, logger } = this.deps;
    const other = store.slack.pairing().pairingUntil;
    if (this.session === null && other !== null && other > now())
      return fail('busy', `a pairing is in progress elsewhere (trailboss slack pair) until ${new Date(other).toLocaleTimeString()}`);
    await this.end();
    const tokens = { bot: bot.token, app: app.token };
    const apiBase = apiBaseArg ?? this.deps.apiBase();
    const timeout = this.deps.requestTimeoutMs ? { requestTimeoutMs: this.deps.requestTimeoutMs } : {};
    const [{ SlackApi }, { PairingListener, slackBotIdentity }] = await Promise.all([
      import('./slack-api.ts'),
      import('./slack-pairing.ts'),
    ]);
    const web = new SlackApi({ apiBase, token: tokens.bot, logger, ...timeout });
    let me: SlackBotIdentity;
    try {
      const found = await slackBotIdentity(web);
      me = { ...found, botName: cleanExternalText(found.botName).slice(0, 100) };
    } catch (error) {
      return this.refused('the bot token', error, tokens);
    }
    const { code, hash } = newPairingCode();
    const expiresAt = now() + PAIRING_CODE_MS;
    // The engine's own channel steps aside first: the code must reach this connection.
    store.slack.beginPairing(hash, expiresAt);
    this.deps.changed?.();
    const listener = new PairingListener({ apiBase, appToken: tokens.app, logger, botUserId: me.botUserId });
    const problem = await connectedOrProblem(listener, this.deps.connectMs ?? SLACK_CONNECT_MS, tokens);
    if (problem !== null) {
      await listener.stop();
      store.slack.endPairing();
      this.deps.changed?.();
      logger.log('warn', 'slack.pair-check-failed', { error: problem });
      return fail(problem.startsWith('Slack refused') ? 'unauthorized' : 'unavailable', `the app-level token: ${problem}`);
    }
    const session: Session = {
      id: randomUUID(),
      tokens,
      givenApiBase: apiBaseArg,
      web,
      me,
      listener,
      expiresAt,
      stop: new AbortController(),
      state: { kind: 'waiting' },
    };
    this.session = session;
    logger.log('info', 'slack.pair-started', { bot: me.botName });
    void this.wait(session, hash);
    return ok({ pairingId: session.id, bot: me.botName, code, expiresAt });
  }

  /** Where pairing `id` stands. */
  status(id: string): Envelope<SlackPairingStateDto> {
    const s = this.current(id);
    if (s === null) return fail('not-found', GONE);
    if (s.state.kind === 'failed') return ok({ state: 'failed', message: s.state.message });
    if (this.deps.now() >= s.expiresAt) return ok({ state: 'expired' });
    if (s.state.kind === 'found')
      return ok({ state: 'found', name: s.state.who.name, userId: cleanExternalText(s.state.who.userId), expiresAt: s.expiresAt });
    return ok({ state: 'waiting', expiresAt: s.expiresAt });
  }

  /** Pair the user who sent the code. Refused unless it is `found` and the code has not expired. */
  async confirm(id: string): Promise<Envelope<null>> {
    const s = this.current(id);
    if (s === null) return fail('not-found', GONE);
    if (this.deps.now() >= s.expiresAt) return fail('gone', 'the pairing code expired (10 minutes); start again');
    if (s.state.kind !== 'found') return fail('refused', 'nobody has sent the code to the bot yet');
    if (s.givenApiBase !== null) {
      const problem = this.deps.saveApiBase(s.givenApiBase);
      if (problem !== null) return fail('unavailable', `not paired: ${problem}`);
    }
    const who = s.state.who;
    saveSlackPairing(this.deps.store, this.deps.home, s.tokens, s.me, who, this.deps.now());
    await this.end();
    await s.web.call('chat.postMessage', { channel: who.channelId, text: PAIRED_HELLO }).catch(() => undefined);
    this.deps.logger.log('info', 'slack.paired', { bot: s.me.botName, userId: who.userId });
    return ok(null);
  }

  /** Give up pairing `id` (nothing saved). */
  async cancel(id: string): Promise<Envelope<null>> {
    if (this.current(id) === null) return fail('not-found', GONE);
    await this.end();
    return ok(null);
  }

  /** Post a test message to the paired DM with the saved bot token. */
  async test(): Promise<Envelope<null>> {
    const p = this.deps.store.slack.pairing();
    const tokens = savedSlackTokens(this.deps.home);
    if (p.channelId === null || tokens === null) return fail('refused', 'Slack is not paired');
    try {
      const timeout = this.deps.requestTimeoutMs ? { requestTimeoutMs: this.deps.requestTimeoutMs } : {};
      const { SlackApi } = await import('./slack-api.ts');
      await new SlackApi({ apiBase: this.deps.apiBase(), token: tokens.bot, logger: this.deps.logger, ...timeout }).call(
        'chat.postMessage',
        { channel: p.channelId, text: slackTestText(this.deps.now()) },
      );
      return ok(null);
    } catch (error) {
      return fail('unavailable', explainSlackFailure(error, [tokens.bot, tokens.app]));
    }
  }

  /** Forget the pairing and both saved tokens; any pairing in progress ends too. */
  async unpair(): Promise<void> {
    await this.end();
    forgetSlackPairing(this.deps.store, this.deps.home);
    this.deps.changed?.();
    this.deps.logger.log('info', 'slack.unpaired', {});
  }

  /** Stop waiting and disconnect (engine stop). */
  async dispose(): Promise<void> {
    await this.end();
  }

  /** A pasted token, or the saved one when none was pasted. The message never quotes the text. */
  private token(kind: SlackTokenKind, text: string | null): { ok: true; token: string } | { ok: false; message: string } {
    if (text !== null) {
      const checked = checkSlackToken(kind, text);
      return checked.ok ? checked : { ok: false, message: `the ${kind === 'bot' ? 'bot token' : 'app-level token'} is ${checked.message}` };
    }
    let saved: string | null;
    try {
      saved = readSlackToken(this.deps.home, kind);
    } catch {
      saved = null;
    }
    return saved !== null
      ? { ok: true, token: saved }
      : { ok: false, message: `no ${kind === 'bot' ? 'bot token' : 'app-level token'} is saved on this computer: paste one` };
  }

  private refused(what: string, error: unknown, tokens: { bot: string; app: string }): Envelope<never> {
    const unauthorized = error instanceof BotApiError && error.failure === 'unauthorized';
    const message = explainSlackFailure(error, [tokens.bot, tokens.app]);
    this.deps.logger.log('warn', 'slack.pair-check-failed', { error: message });
    return fail(unauthorized ? 'unauthorized' : 'unavailable', `${what}: ${message}`);
  }

  private current(id: string): Session | null {
    return this.session !== null && this.session.id === id ? this.session : null;
  }

  private async end(): Promise<void> {
    const s = this.session;
    if (s === null) return;
    this.session = null;
    s.stop.abort();
    await s.listener.stop();
    this.deps.store.slack.endPairing();
    this.deps.changed?.();
  }

  private async wait(s: Session, hash: string): Promise<void> {
    try {
      const found = await s.listener.waitForCode(hash, s.expiresAt, this.deps.now, s.stop.signal);
      if (found === null) return;
      const { slackRealName } = await import('./slack-pairing.ts');
      const name = cleanExternalText((await slackRealName(s.web, found.userId)) ?? found.userId).slice(0, 100);
      if (this.session === s) s.state = { kind: 'found', who: { ...found, name } };
    } catch (error) {
      s.state = { kind: 'failed', message: explainSlackFailure(error, [s.tokens.bot, s.tokens.app]) };
      this.deps.logger.log('warn', 'slack.pair-wait-failed', { error: s.state.message });
    }
  }
}

/** Wait for the socket's hello; the problem in a sentence (tokens redacted), or null once connected. */
async function connectedOrProblem(listener: PairingListener, ms: number, tokens: { bot: string; app: string }): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      listener.connected.then(() => null),
      new Promise<string>((done) => {
        timer = setTimeout(done, ms, `no Socket Mode connection in ${Math.round(ms / 1000)} s (is Socket Mode on for the app?)`);
      }),
    ]).catch((error: unknown) => explainSlackFailure(error, [tokens.bot, tokens.app]));
  } finally {
    clearTimeout(timer);
  }
}
