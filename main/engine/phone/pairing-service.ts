/**
 * Pairing from the settings view, the same steps as `trailboss phone pair` held in the engine: the
 * pasted token is checked (getMe), a one-time code (10 minutes, stored hashed) goes out as a link and
 * a QR code, a background wait catches `/start <code>` from a private chat, and only the desk's
 * confirmation saves the token (owner-only) and the pairing. One pairing at a time; while it runs the
 * supervisor leaves the bot alone (Telegram allows one poller per token). The token is kept in memory
 * only until then and appears in no answer, log line or error.
 */
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { Envelope } from '../../../preload/contract/envelope.ts';
import { fail, ok } from '../../../preload/contract/envelope.ts';
import type { PhonePairingDto, PhonePairingStateDto } from '../../../preload/contract/phone.ts';
import type { Logger } from '../platform/log.ts';
import type { Store } from '../store/index.ts';
import { BotApi, BotApiError } from './bot-api.ts';
import { checkBotToken } from './bot-token-file.ts';
import type { PairingCandidate } from './pairing.ts';
import { newPairingCode, PAIRING_CODE_MS, pairingLink, waitForStart } from './pairing.ts';
import { botUsername, explainBotFailure, forgetPairing, isApiBase, savePairing } from './pairing-steps.ts';
import { redactedError } from './redact.ts';

/** What the service needs. */
export interface PairingServiceDeps {
  readonly store: Store;
  readonly logger: Logger;
  readonly now: () => number;
  readonly tokenFile: string;
  /** The configured API base (`phone.telegram.apiBase`). */
  readonly apiBase: () => string;
  /** Save an API base the user gave into the config; the problem in a sentence, or null. */
  readonly saveApiBase: (apiBase: string) => string | null;
  /** Told when the pairing changed (the supervisor looks at once instead of within 2 s). */
  readonly changed?: () => void;
  /** Long-poll seconds while waiting for Start (tests shorten it). */
  readonly pollTimeoutS?: number;
}

interface Session {
  readonly id: string;
  readonly token: string;
  readonly apiBase: string | null;
  readonly bot: string;
  readonly expiresAt: number;
  readonly stop: AbortController;
  state: { kind: 'waiting' } | { kind: 'found'; who: PairingCandidate } | { kind: 'failed'; message: string };
}

/** The settings view's pairing, one at a time. */
export class PairingService {
  private session: Session | null = null;

  constructor(private readonly deps: PairingServiceDeps) {}

  /** Check the token, start the code and the wait for Start; the link and its QR code to show. */
  async start(tokenText: string, apiBaseArg: string | null): Promise<Envelope<PhonePairingDto>> {
    const checked = checkBotToken(tokenText);
    if (!checked.ok) return fail('invalid', checked.message);
    if (apiBaseArg !== null && !isApiBase(apiBaseArg)) return fail('invalid', 'the API base must be an http(s) URL');
    const { store, now } = this.deps;
    const other = store.phone.pairing().pairingUntil;
    if (this.session === null && other !== null && other > now())
      return fail('busy', `a pairing is in progress elsewhere (trailboss phone pair) until ${new Date(other).toLocaleTimeString()}`);
    this.end();
    const apiBase = apiBaseArg ?? this.deps.apiBase();
    const bot = new BotApi({ apiBase, token: checked.token });
    let username: string;
    try {
      username = await botUsername(bot);
    } catch (error) {
      const unauthorized = error instanceof BotApiError && error.failure === 'unauthorized';
      const message = explainBotFailure(error, checked.token);
      this.deps.logger.log('warn', 'phone.pair-check-failed', { error: message });
      return fail(unauthorized ? 'unauthorized' : 'unavailable', message);
    }
    const { code, hash } = newPairingCode();
    const expiresAt = now() + PAIRING_CODE_MS;
    const link = pairingLink(username, code);
    const qrSvg = await QRCode.toString(link, { type: 'svg', margin: 2 });
    const session: Session = {
      id: randomUUID(),
      token: checked.token,
      apiBase: apiBaseArg,
      bot: username,
      expiresAt,
      stop: new AbortController(),
      state: { kind: 'waiting' },
    };
    this.session = session;
    store.phone.beginPairing(hash, expiresAt);
    this.deps.changed?.();
    this.deps.logger.log('info', 'phone.pair-started', { bot: username });
    void this.wait(session, bot, hash);
    return ok({ pairingId: session.id, bot: username, link, qrSvg, expiresAt });
  }

  /** Where pairing `id` stands. */
  status(id: string): Envelope<PhonePairingStateDto> {
    const s = this.current(id);
    if (s === null) return fail('not-found', 'no such pairing (it was cancelled, confirmed or replaced); start again');
    if (s.state.kind === 'failed') return ok({ state: 'failed', message: s.state.message });
    if (this.deps.now() >= s.expiresAt) return ok({ state: 'expired' });
    if (s.state.kind === 'found') return ok({ state: 'found', name: s.state.who.name, userId: s.state.who.userId, expiresAt: s.expiresAt });
    return ok({ state: 'waiting', expiresAt: s.expiresAt });
  }

  /** Pair the chat that tapped Start. Refused unless it is `found` and the code has not expired. */
  confirm(id: string): Envelope<null> {
    const s = this.current(id);
    if (s === null) return fail('not-found', 'no such pairing (it was cancelled, confirmed or replaced); start again');
    if (this.deps.now() >= s.expiresAt) return fail('gone', 'the pairing code expired (10 minutes); start again');
    if (s.state.kind !== 'found') return fail('refused', 'nobody has tapped Start with this code yet');
    if (s.apiBase !== null) {
      const problem = this.deps.saveApiBase(s.apiBase);
      if (problem !== null) return fail('unavailable', `not paired: ${problem}`);
    }
    savePairing(this.deps.store, this.deps.tokenFile, s.token, s.state.who, s.bot, this.deps.now());
    this.end();
    this.deps.logger.log('info', 'phone.paired', { bot: s.bot, userId: s.state.who.userId });
    return ok(null);
  }

  /** Give up pairing `id` (nothing saved). */
  cancel(id: string): Envelope<null> {
    if (this.current(id) === null) return fail('not-found', 'no such pairing (it was cancelled, confirmed or replaced)');
    this.end();
    return ok(null);
  }

  /** Forget the pairing and the saved token; any pairing in progress ends too. */
  unpair(): void {
    this.end();
    forgetPairing(this.deps.store, this.deps.tokenFile);
    this.deps.changed?.();
    this.deps.logger.log('info', 'phone.unpaired', {});
  }

  /** Stop waiting (engine stop). */
  dispose(): void {
    this.end();
  }

  private current(id: string): Session | null {
    return this.session !== null && this.session.id === id ? this.session : null;
  }

  private end(): void {
    const s = this.session;
    if (s === null) return;
    this.session = null;
    s.stop.abort();
    this.deps.store.phone.endPairing();
    this.deps.changed?.();
  }

  private async wait(s: Session, bot: BotApi, hash: string): Promise<void> {
    try {
      const who = await waitForStart(bot, hash, {
        deadline: s.expiresAt,
        signal: s.stop.signal,
        now: this.deps.now,
        ...(this.deps.pollTimeoutS ? { pollTimeoutS: this.deps.pollTimeoutS } : {}),
      });
      if (who !== null) s.state = { kind: 'found', who };
    } catch (error) {
      s.state = { kind: 'failed', message: explainBotFailure(error, s.token) };
      this.deps.logger.log('warn', 'phone.pair-wait-failed', { error: redactedError(error, s.token) });
    }
  }
}
