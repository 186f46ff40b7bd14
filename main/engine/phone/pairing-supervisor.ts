/**
 * The loop a chat channel's supervisor shares (Telegram and Slack): look at the pairing now and every
 * `checkMs`, one look at a time, and stop the running channel on dispose. What a look decides (start,
 * restart or stop a channel) is the subclass's `check`.
 */
import type { Logger } from '../platform/log.ts';
import type { ChatChannelDeps } from './chat-channel.ts';

/** A started channel and the key (secret hash, API base, chat) it was started for. */
export interface RunningChannel {
  readonly key: string;
  readonly stop: () => Promise<void>;
}

/** What every chat's supervisor is given (the channel's needs, and its knobs; tests shorten them). */
export interface ChatSupervisorDeps extends ChatChannelDeps {
  /** The chat's API base, read afresh before a channel starts. */
  readonly apiBase: () => string;
  /** Spacing of messages to the chat (1000 ms: both chats allow about one a second). */
  readonly minSendIntervalMs?: number;
  /** Abandon a request that has not answered after this long. */
  readonly requestTimeoutMs?: number;
  /** How often to look for a pairing change. */
  readonly checkMs?: number;
}

/** What the loop itself needs. */
export interface PairingLoopDeps {
  readonly logger: Logger;
  /** How often to look for a pairing change. */
  readonly checkMs?: number;
  /** The log events' prefix ('phone', 'slack'). */
  readonly name: string;
  /** The error text for the log, with any secret taken out. */
  readonly redact: (error: unknown) => string;
}

/** Starts and stops a channel as the pairing comes and goes. */
export abstract class PairingSupervisor {
  protected channel: RunningChannel | null = null;
  protected disposed = false;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> = Promise.resolve();

  constructor(private readonly loop: PairingLoopDeps) {}

  /** Look now and then every `checkMs`. */
  start(): void {
    const tick = () => {
      void this.checkNow();
      if (!this.disposed) this.timer = setTimeout(tick, this.loop.checkMs ?? 2_000);
    };
    tick();
  }

  /** Look at the pairing now (serialised with any look in progress). */
  checkNow(): Promise<void> {
    this.checking = this.checking
      .then(() => this.check())
      .catch((e) => this.loop.logger.log('warn', `${this.loop.name}.check-failed`, { error: this.loop.redact(e) }));
    return this.checking;
  }

  /** Whether a channel is running (tests, status). */
  get running(): boolean {
    return this.channel !== null;
  }

  /** Stop the channel and looking. */
  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.checking;
    await this.stopChannel();
  }

  /** One look: start, restart or stop the channel as the pairing now asks. */
  protected abstract check(): Promise<void>;

  /** After a channel stopped (a record to write, beyond the log line). */
  protected stopped(): void {}

  protected async stopChannel(): Promise<void> {
    const running = this.channel;
    this.channel = null;
    if (!running) return;
    await running.stop();
    this.stopped();
    this.loop.logger.log('info', `${this.loop.name}.stopped`, {});
  }
}
