/** `trailboss daemon --notify`: the engine's notifications over the session bus, with working buttons. */
import type { ApiMethods } from '../../../../preload/contract/api.ts';
import type { HostChangeDto } from '../../../../preload/contract/events.ts';
import type { Surface } from '../../actions/types.ts';
import type { Config } from '../../config/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/log.ts';
import { EngineNotifications } from '../engine-notifications.ts';
import type { EventSource } from '../notification-events.ts';
import { DbusNotifier } from './dbus-notifier.ts';

/** The parts of the engine it needs (`Engine` has them). */
export interface NotifyingEngine {
  readonly on: EventSource;
  readonly apiFor: (surface: Surface) => ApiMethods;
  config(): Config;
  /** The configured hosts (for outages announced before the notifications started). */
  readonly hosts?: { outages(): readonly HostChangeDto[] };
}

/** Running notifications; `stop()` closes ours and the connection before the engine stops. */
export interface DbusNotifications {
  readonly notifier: DbusNotifier;
  readonly driver: EngineNotifications;
  stop(): Promise<void>;
}

/** Connects to the session bus at `address` and starts notifying. Never throws for a missing bus or server. */
export async function startDbusNotifications(
  engine: NotifyingEngine,
  opts: { address: string | undefined; clock: Clock; logger: Logger; icon?: string },
): Promise<DbusNotifications> {
  const notifier = await DbusNotifier.open({ address: opts.address, icon: opts.icon ?? '', logger: opts.logger });
  const driver = new EngineNotifications({
    on: (name, listener) => engine.on(name, listener),
    api: engine.apiFor('notification'),
    settings: () => engine.config().notifications,
    clock: opts.clock,
    sink: notifier,
    logger: opts.logger,
    outages: () => engine.hosts?.outages() ?? [],
  });
  await driver.start();
  return {
    notifier,
    driver,
    async stop() {
      driver.dispose();
      await notifier.close();
    },
  };
}
