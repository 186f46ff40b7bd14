/**
 * Runs the phone channel exactly when there is something to run: a paired chat and a bot token, no
 * `phone pair` in progress (it polls the same bot, and Telegram allows one poller per token), and a
 * token the API base has not refused. It looks every couple of seconds, so a pairing made while the
 * engine runs is picked up without a restart, and an unpair or a new `apiBase` takes effect too.
 * `trailboss phone pair --api-base` writes the config just before the pairing: the config is read
 * afresh before a channel starts, and a refusal holds only for the token at that API base.
 */
import { BotApi } from './bot-api.ts';
import { botIdOf, readBotToken } from './bot-token-file.ts';
import { PhoneChannel } from './phone-channel.ts';
import type { ChatSupervisorDeps } from './pairing-supervisor.ts';
import { PairingSupervisor } from './pairing-supervisor.ts';
import { hashSecret } from './press-token.ts';
import { redactedError } from './redact.ts';

/** What the supervisor needs. */
export interface SupervisorDeps extends ChatSupervisorDeps {
  readonly tokenFile: string;
  /** Read the config file now, not after the watcher's debounce (before a channel starts). */
  readonly freshConfig?: () => void;
  /** Long-poll seconds (25 in use; tests shorten it). */
  readonly pollTimeoutS?: number;
  /** Each look says whether a chat is paired (a pairing the CLI made or undid is seen here). */
  readonly pairingSeen?: (paired: boolean) => void;
}

/** Starts and stops the channel as the pairing comes and goes. */
export class PhoneSupervisor extends PairingSupervisor {
  /** The channel key (token, API base, chat) Telegram refused with a 401. */
  private refusedKey: string | null = null;

  constructor(private readonly deps: SupervisorDeps) {
    super({ logger: deps.logger, checkMs: deps.checkMs, name: 'phone', redact: (e) => redactedError(e) });
  }

  protected async check(): Promise<void> {
    if (this.disposed) return;
    const { store, now } = this.deps;
    const pairing = store.phone.pairing();
    this.deps.pairingSeen?.(pairing.chatId !== null);
    let token: string | null = null;
    try {
      token = readBotToken(this.deps.tokenFile);
    } catch (error) {
      this.deps.logger.log('warn', 'phone.token-unreadable', { error: redactedError(error) });
    }
    const tokenHash = token === null ? null : hashSecret(token);
    const pairingInProgress = pairing.pairingUntil !== null && pairing.pairingUntil > now();
    const who = `${tokenHash}|${pairing.chatId}`;
    // A channel about to start for a new token or chat: `phone pair` wrote the config just before, so
    // read it now rather than after the watcher's debounce (the old API base would refuse the token).
    if (token !== null && pairing.chatId !== null && this.channel?.key.startsWith(`${who}|`) !== true) this.deps.freshConfig?.();
    const key = `${who}|${this.deps.apiBase()}`;
    const want = pairing.chatId !== null && token !== null && !pairingInProgress && key !== this.refusedKey;
    if (this.channel && (!want || this.channel.key !== key)) await this.stopChannel();
    if (!want || this.channel || token === null || pairing.chatId === null) return;
    // An offset saved for another bot would have Telegram drop this bot's updates (its ids are its own).
    if (store.phone.offsetForBot(botIdOf(token))) this.deps.logger.log('info', 'phone.offset-reset', { reason: 'a different bot' });
    const bot = new BotApi({
      apiBase: this.deps.apiBase(),
      token,
      ...(this.deps.requestTimeoutMs ? { requestTimeoutMs: this.deps.requestTimeoutMs } : {}),
    });
    const channel = new PhoneChannel(
      {
        ...this.deps,
        bot,
        pollTimeoutS: this.deps.pollTimeoutS ?? 25,
        minSendIntervalMs: this.deps.minSendIntervalMs ?? 1_000,
        unauthorized: (message) => this.unauthorized(key, message),
      },
      pairing.chatId,
    );
    this.channel = { key, stop: () => channel.stop() };
    channel.start();
    this.deps.logger.log('info', 'phone.started', { chat: 'paired', apiBase: this.deps.apiBase() });
  }

  private unauthorized(key: string, message: string): void {
    this.refusedKey = key;
    const text = `Telegram refused the bot token (${message}); the phone channel stopped. Pair again: trailboss phone pair --bot-token-file FILE`;
    this.deps.store.phone.recordPoll(this.deps.now(), `unauthorized: ${message}`);
    this.deps.logger.log('error', 'phone.unauthorized', { error: message });
    this.deps.events.emit('engine:error', { code: 'unauthorized', message: text });
    void this.checkNow();
  }
}
