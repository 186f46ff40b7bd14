/**
 * The Socket Mode connection, on Slack's own `@slack/socket-mode` client with the app-level token
 * (`xapp-…`): `apps.connections.open` gives a WebSocket URL, Slack says `hello`, then sends
 * envelopes that must each be acknowledged within 3 seconds or Slack sends them again
 * (https://api.slack.com/apis/socket-mode). Every envelope is acknowledged as it arrives, before it is
 * handled: a press or a typed answer is then claimed once in the store, so a redelivery (after a
 * drop, or a slow acknowledgement) never acts twice. An acknowledgement may carry a payload, worked out
 * at once (`answer`): a form's submission is answered so, with `response_action: "errors"` to keep it
 * open (https://api.slack.com/apis/socket-mode#modals). Envelopes are handled side by side, not one
 * after another: a press must not wait for another agent's key to be confirmed (that takes until its
 * prompt leaves the screen); two answers to one item are settled by that claim.
 *
 * The client's own reconnect is off and this loop owns it: after a drop it backs off 1 s → 60 s
 * (reset by the next `hello`), a `disconnect` envelope (Slack refreshing or moving the connection:
 * reasons `warning`, `refresh_requested`, `link_disabled`) reconnects at once, a 429 on
 * `apps.connections.open` waits its Retry-After (clamped), and a refused token stops the loop.
 */
import { SocketModeClient } from '@slack/socket-mode';
import { BotApiError } from '../phone/bot-api.ts';
import { pause, retryDelayMs } from '../phone/backoff.ts';
import type { Logger } from '../platform/log.ts';
import { normalApiBase, slackFailure } from './slack-api.ts';
import { slackLibraryLogger } from './slack-log.ts';
import { redactedSlackError } from './slack-redact.ts';

/** An envelope's content, after its acknowledgement. */
export interface SlackEnvelope {
  /** `events_api`, `interactive`, `slash_commands`, … */
  readonly type: string;
  readonly body: unknown;
  readonly envelopeId: string;
  /** Slack's redelivery count (0 for the first delivery). */
  readonly retryNum: number;
  /** What the acknowledgement carried (null: nothing). */
  readonly acked: Record<string, unknown> | null;
}

/** What the socket needs. */
export interface SlackSocketDeps {
  readonly apiBase: string;
  readonly appToken: string;
  readonly logger: Logger;
  /** Handle one acknowledged envelope (several may be in hand at once). */
  handle(envelope: SlackEnvelope): Promise<void>;
  /** What the acknowledgement of an envelope carries (synchronous: Slack waits 3 s); undefined: nothing. */
  answer?(envelope: Omit<SlackEnvelope, 'acked'>): Record<string, unknown> | undefined;
  /** Connected (`error` null), or dropped or failed to connect (its redacted message). */
  state(connected: boolean, error: string | null): void;
  /** The app token was refused: the loop has stopped. */
  unauthorized(message: string): void;
  /** Abandon an `apps.connections.open` that has not answered after this long. */
  readonly requestTimeoutMs?: number;
  /** The client's ping interval and how long it waits for Slack's ping (tests shorten them). */
  readonly clientPingTimeoutMs?: number;
  readonly serverPingTimeoutMs?: number;
}

/** A running Socket Mode loop. */
export class SlackSocket {
  private readonly stopper = new AbortController();
  private client: SocketModeClient | null = null;
  private loop: Promise<void> | null = null;
  private readonly handling = new Set<Promise<void>>();

  constructor(private readonly deps: SlackSocketDeps) {}

  /** Connect, and stay connected until `stop`. */
  start(): void {
    this.loop ??= this.run();
  }

  /** Disconnect and stop reconnecting; resolves when the loop has ended and the envelopes in hand are handled. */
  async stop(): Promise<void> {
    this.stopper.abort();
    await this.client?.disconnect().catch(() => undefined);
    await this.loop;
    await Promise.allSettled([...this.handling]);
  }

  private async run(): Promise<void> {
    const signal = this.stopper.signal;
    let attempt = 0;
    while (!signal.aborted) {
      const client = this.newClient();
      this.client = client;
      let askedToReconnect = false;
      client.on('ws_message', (data: unknown) => {
        // The library closes the socket on a `disconnect` envelope; note it so the next connection is at once.
        if (typeof data === 'string' && data.includes('"disconnect"')) {
          try {
            const m = JSON.parse(data) as { type?: unknown; reason?: unknown };
            if (m.type === 'disconnect') {
              askedToReconnect = true;
              this.deps.logger.log('info', 'slack.disconnect-asked', { reason: String(m.reason ?? '') });
            }
          } catch {
            // not JSON: the library logs and ignores it
          }
        }
      });
      const closed = new Promise<void>((done) => client.once('disconnected', () => done()));
      try {
        await client.start();
        attempt = 0;
        this.deps.state(true, null);
        this.deps.logger.log('info', 'slack.connected', {});
        await Promise.race([closed, new Promise((done) => signal.addEventListener('abort', done, { once: true }))]);
        if (signal.aborted) break;
        this.deps.state(false, 'the socket closed; reconnecting');
        this.deps.logger.log('info', 'slack.socket-closed', { asked: askedToReconnect });
        if (askedToReconnect) continue;
        await pause(retryDelayMs('network', attempt++, null)!, signal);
      } catch (error) {
        await client.disconnect().catch(() => undefined);
        if (signal.aborted) break;
        const failure = error instanceof BotApiError ? error : slackFailure('apps.connections.open', error, this.deps.appToken);
        const delay = retryDelayMs(failure.failure, attempt++, failure.retryAfterS);
        const message = redactedSlackError(failure, this.deps.appToken);
        if (delay === null) {
          this.deps.state(false, `unauthorized: ${message}`);
          this.deps.unauthorized(message);
          return;
        }
        this.deps.state(false, message);
        this.deps.logger.log('warn', 'slack.connect-failed', { error: message, retryInMs: delay });
        await pause(delay, signal);
      }
    }
    this.deps.state(false, null);
  }

  private newClient(): SocketModeClient {
    const client = new SocketModeClient({
      appToken: this.deps.appToken,
      autoReconnectEnabled: false,
      logger: slackLibraryLogger(this.deps.logger, 'slack.socket-mode'),
      clientPingTimeout: this.deps.clientPingTimeoutMs ?? 5_000,
      serverPingTimeout: this.deps.serverPingTimeoutMs ?? 30_000,
      clientOptions: {
        slackApiUrl: normalApiBase(this.deps.apiBase),
        retryConfig: { retries: 0 },
        rejectRateLimitedCalls: true,
        timeout: this.deps.requestTimeoutMs ?? 15_000,
        allowAbsoluteUrls: false,
      },
    });
    client.on(
      'slack_event',
      (e: {
        ack: (response?: Record<string, unknown>) => Promise<void>;
        type: string;
        body: unknown;
        envelope_id?: string;
        retry_num?: number;
      }) => {
        // Acknowledge first (Slack allows 3 s), then handle.
        const seen = { type: e.type, body: e.body, envelopeId: String(e.envelope_id ?? ''), retryNum: e.retry_num ?? 0 };
        let payload: Record<string, unknown> | undefined;
        try {
          payload = this.deps.answer?.(seen);
        } catch (error) {
          this.deps.logger.log('warn', 'slack.answer-failed', { type: e.type, error: redactedSlackError(error, this.deps.appToken) });
        }
        e.ack(payload).catch((error: unknown) =>
          this.deps.logger.log('warn', 'slack.ack-failed', { error: redactedSlackError(error, this.deps.appToken) }),
        );
        const envelope: SlackEnvelope = { ...seen, acked: payload ?? null };
        const handled = this.deps
          .handle(envelope)
          .catch((error: unknown) =>
            this.deps.logger.log('warn', 'slack.envelope-failed', { type: e.type, error: redactedSlackError(error, this.deps.appToken) }),
          )
          .finally(() => this.handling.delete(handled));
        this.handling.add(handled);
      },
    );
    return client;
  }
}
