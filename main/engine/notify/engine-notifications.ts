/**
 * Notifications without the desktop app (`trailboss daemon --notify`): engine events go through the
 * same policy as the tray app's, and a button goes through the same engine action as the queue
 * window (claim, re-verify the fingerprint the notification showed, one key, confirm), audited as
 * coming from the surface "notification".
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { HostChangeDto } from '../../../preload/contract/events.ts';
import type { ActionOutcomeDto } from '../../../preload/contract/queue-item.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';
import { outcomeOf } from './action-outcome.ts';
import type { NotificationSink } from './notification-driver.ts';
import { NotificationDriver } from './notification-driver.ts';
import type { EventSource } from './notification-events.ts';
import { subscribeNotificationEvents } from './notification-events.ts';
import type { NotificationContext, NotificationOp } from './notification-policy.ts';
import type { NotificationAction } from './notification-text.ts';
import { outcomeNotificationText } from './notification-text.ts';

/** The notification settings read at each event (the engine's live config). */
export interface NotificationSettings {
  readonly enabled: boolean;
  readonly pausedUntil: number | null;
  readonly sound: boolean;
  readonly actionButtons: boolean;
}

/** What it is built from. */
export interface EngineNotificationsDeps {
  readonly on: EventSource;
  /** The engine's methods audited as surface "notification". */
  readonly api: ApiMethods;
  readonly settings: () => NotificationSettings;
  readonly clock: Clock;
  readonly sink: NotificationSink;
  readonly logger: Logger;
  /** Host outages announced before we subscribed (`HostSet.outages`); absent: none. */
  readonly outages?: () => readonly HostChangeDto[];
}

/** Drives one sink from the engine. `start()` once, `dispose()` before the engine stops. */
export class EngineNotifications {
  private readonly driver: NotificationDriver;
  private off: (() => void) | null = null;
  private disposed = false;

  constructor(private readonly deps: EngineNotificationsDeps) {
    this.driver = new NotificationDriver(
      deps.sink,
      () => this.context(),
      (action) => void this.act(action),
    );
  }

  /** Subscribes, then announces what already waits (one summary when many do) and hosts already out of sight. */
  async start(): Promise<void> {
    this.off = subscribeNotificationEvents(this.deps.on, (event) => (this.disposed ? undefined : this.driver.handle(event)));
    const queue = await this.deps.api['queue:list']({});
    if (this.disposed) return;
    this.driver.handle({ kind: 'startup', items: queue.ok ? queue.value : [] });
    // A host that went down before we listened is told now (an outage told twice replaces itself).
    for (const change of this.deps.outages?.() ?? []) this.driver.handle({ kind: 'host', change });
  }

  /** Performs a notification's action through the engine; says so when it did not simply work. */
  async act(action: NotificationAction): Promise<ActionOutcomeDto | null> {
    const outcome = await this.perform(action).catch((error: unknown): ActionOutcomeDto | null => {
      this.deps.logger.log('warn', 'notifications.action-failed', {
        kind: action.kind,
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    });
    if (outcome === null) return null;
    this.deps.logger.log('info', 'notifications.action', { kind: action.kind, itemId: outcome.itemId, outcome: outcome.outcome });
    const text = outcomeNotificationText(outcome);
    if (text !== null && !this.disposed) this.deps.sink.notice(text);
    return outcome;
  }

  /** The latest operations (tests, logs). */
  log(): readonly NotificationOp[] {
    return this.driver.log();
  }

  /** Unsubscribes. Idempotent. */
  dispose(): void {
    this.disposed = true;
    this.off?.();
    this.off = null;
  }

  private async perform(action: NotificationAction): Promise<ActionOutcomeDto | null> {
    const { api } = this.deps;
    switch (action.kind) {
      case 'approve':
        return outcomeOf(action.itemId, 'approve', await api['item:approve']({ id: action.itemId, fingerprint: action.fingerprint }));
      case 'deny':
        return outcomeOf(
          action.itemId,
          'deny',
          await api['item:deny']({
            id: action.itemId,
            fingerprint: action.fingerprint,
            ...(action.message !== undefined ? { message: action.message } : {}),
          }),
        );
      case 'jump':
        return outcomeOf(action.itemId, 'jump', await api['item:jump']({ id: action.itemId }));
      case 'open-queue':
        // Without the desktop app there is no queue window to open.
        this.deps.logger.log('info', 'notifications.no-window', { itemId: action.itemId });
        return null;
      default:
        return assertNever(action);
    }
  }

  private context(): NotificationContext {
    const s = this.deps.settings();
    // Buttons whenever the user wants them: the sink sends them only while its server can show them,
    // and a server that starts later gets the notifications again with their buttons.
    return { now: this.deps.clock.now(), enabled: s.enabled, pausedUntil: s.pausedUntil, sound: s.sound, buttons: s.actionButtons };
  }
}
