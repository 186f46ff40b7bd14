/** `trailboss daemon --notify` (or `notifications.dbus: true`): the engine's notifications over the session bus, without Electron. */
import type { Engine } from '../../engine/engine.ts';
import type { DbusNotifications } from '../../engine/notify/dbus/dbus-notifications.ts';
import { startDbusNotifications } from '../../engine/notify/dbus/dbus-notifications.ts';
import type { DbusNotifierMode } from '../../engine/notify/dbus/dbus-notifier.ts';
import type { Logger } from '../../engine/platform/log.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';
import type { CliContext } from '../context.ts';

/** Whether the daemon notifies: the flag, or the config saying so outright (`auto` leaves it to the flag). */
export function daemonNotifies(flagGiven: boolean, configured: boolean | 'auto'): boolean {
  return flagGiven || configured === true;
}

/** One line for the user saying what the notifications can do. */
export function notifyModeLine(mode: DbusNotifierMode): string {
  switch (mode) {
    case 'actions':
      return 'Notifications: on the desktop, with Approve/Deny/Jump buttons';
    case 'plain':
      return 'Notifications: on the desktop, without buttons (the notification server has no actions)';
    case 'no-server':
      return 'Notifications: no notification server on the session bus yet; they appear when one starts';
    case 'unavailable':
      return 'Notifications: off — no session bus (DBUS_SESSION_BUS_ADDRESS)';
    default:
      return assertNever(mode);
  }
}

/** Starts the notifications when wanted; null when not. Never fails the daemon. */
export async function startDaemonNotifications(
  engine: Engine,
  ctx: CliContext,
  logger: Logger,
  flagGiven: boolean,
): Promise<DbusNotifications | null> {
  if (!daemonNotifies(flagGiven, engine.config().notifications.dbus)) return null;
  const notes = await startDbusNotifications(engine, { address: ctx.env.DBUS_SESSION_BUS_ADDRESS, clock: ctx.clock, logger });
  ctx.stdout(`${notifyModeLine(notes.notifier.mode())}\n`);
  return notes;
}
