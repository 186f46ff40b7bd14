/**
 * Runs the Slack channel exactly when there is something to run: a paired user and DM, both tokens,
 * no `slack pair` in progress (Slack spreads envelopes over every open connection of an app, so the
 * pairing's code could land on the engine's), and tokens Slack has not refused. It looks every couple
 * of seconds, so a pairing made by the CLI while the engine runs is picked up without a restart, and
 * an unpair or a new API base takes effect too. The Slack libraries load only when a channel starts.
 */
import { hashSecret } from '../phone/press-token.ts';
import type { ChatSupervisorDeps } from '../phone/pairing-supervisor.ts';
import { PairingSupervisor } from '../phone/pairing-supervisor.ts';
import { redactedSlackError } from './slack-redact.ts';
import { readSlackToken } from './slack-token-files.ts';

/** What the supervisor needs. */
export interface SlackSupervisorDeps extends ChatSupervisorDeps {
  /** The Trail Boss home, where the token files are. */
  readonly home: string;
}

/** Starts and stops the Slack channel as the pairing comes and goes. */
export class SlackSupervisor extends PairingSupervisor {
  private refused: string | null = null;

  constructor(private readonly deps: SlackSupervisorDeps) {
    super({ logger: deps.logger, checkMs: deps.checkMs, name: 'slack', redact: (e) => redactedSlackError(e) });
  }

  protected async check(): Promise<void> {
    if (this.disposed) return;
    const { store, now, home } = this.deps;
    const pairing = store.slack.pairing();
    let bot: string | null = null;
    let app: string | null = null;
    try {
      bot = readSlackToken(home, 'bot');
      app = readSlackToken(home, 'app');
    } catch (error) {
      this.deps.logger.log('warn', 'slack.token-unreadable', { error: redactedSlackError(error) });
    }
    const tokensHash = bot === null || app === null ? null : hashSecret(`${bot}\n${app}`);
    const pairingInProgress = pairing.pairingUntil !== null && pairing.pairingUntil > now();
    const want = pairing.channelId !== null && tokensHash !== null && !pairingInProgress && tokensHash !== this.refused;
    const apiBase = this.deps.apiBase();
    const key = `${tokensHash}|${apiBase}|${pairing.channelId}`;
    if (this.channel && (!want || this.channel.key !== key)) await this.stopChannel();
    if (!want || this.channel || bot === null || app === null || pairing.channelId === null) return;
    // Loaded only now: an engine with no Slack pairing never loads the Slack libraries.
    const [{ SlackApi }, { SlackChannel }] = await Promise.all([import('./slack-api.ts'), import('./slack-channel.ts')]);
    if (this.disposed) return;
    const timeout = this.deps.requestTimeoutMs ? { requestTimeoutMs: this.deps.requestTimeoutMs } : {};
    const channel = new SlackChannel(
      {
        ...this.deps,
        web: new SlackApi({ apiBase, token: bot, logger: this.deps.logger, ...timeout }),
        apiBase,
        appToken: app,
        minSendIntervalMs: this.deps.minSendIntervalMs ?? 1_000,
        unauthorized: (message) => this.unauthorized(tokensHash!, message),
        ...timeout,
      },
      pairing.channelId,
    );
    this.channel = { key, stop: () => channel.stop() };
    channel.start();
    this.deps.logger.log('info', 'slack.started', { apiBase });
  }

  private unauthorized(tokensHash: string, message: string): void {
    this.refused = tokensHash;
    const text = `Slack refused the app token (${message}); the Slack channel stopped. Pair again: trailboss slack pair --bot-token-file F --app-token-file G`;
    this.deps.store.slack.recordConnection(this.deps.now(), false, `unauthorized: ${message}`);
    this.deps.logger.log('error', 'slack.unauthorized', { error: message });
    this.deps.events.emit('engine:error', { code: 'unauthorized', message: text });
    void this.checkNow();
  }

  protected override stopped(): void {
    this.deps.store.slack.recordConnection(this.deps.now(), false, null);
  }
}
