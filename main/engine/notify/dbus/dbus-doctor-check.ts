/**
 * A `doctor` check: can notifications carry Approve/Deny/Jump buttons on this Linux desktop? Reads the
 * session bus and the notification server's capabilities, the same way the notifier does.
 */
import { silentLogger } from '../../platform/log.ts';
import { assertNever } from '../../../../preload/contract/assert-never.ts';
import { DbusNotifier } from './dbus-notifier.ts';

/** One check's answer, as `doctor` prints it. */
export interface DoctorCheckResult {
  readonly id: string;
  readonly status: 'ok' | 'warn' | 'fail' | 'skip';
  readonly detail: string;
  /** What the user can do about it; null when nothing needs doing. */
  readonly fix: string | null;
}

/** What the check looks at. */
export interface DbusCheckInput {
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The config's `notifications.dbus`. */
  readonly setting: boolean | 'auto';
}

const ID = 'notifications-dbus';
const SERVERS = 'dunst, mako, GNOME Shell, KDE Plasma, xfce4-notifyd';

/** Runs the check (connects to the session bus for a moment). */
export async function checkDbusNotifications(input: DbusCheckInput): Promise<DoctorCheckResult> {
  if (input.platform !== 'linux')
    return { id: ID, status: 'skip', detail: 'not Linux: the desktop app uses the system’s own notifications', fix: null };
  if (input.setting === false)
    return { id: ID, status: 'skip', detail: 'notifications.dbus is false: Electron’s notifications, without buttons', fix: null };
  const address = input.env['DBUS_SESSION_BUS_ADDRESS'];
  if (address === undefined || address === '') {
    return {
      id: ID,
      status: 'warn',
      detail: 'no session bus (DBUS_SESSION_BUS_ADDRESS is not set): no desktop notifications from `trailboss daemon --notify`',
      fix: 'run Trail Boss inside your desktop session, or export DBUS_SESSION_BUS_ADDRESS (see `systemctl --user show-environment`)',
    };
  }
  const notifier = await DbusNotifier.open({ address, icon: '', logger: silentLogger });
  try {
    const mode = notifier.mode();
    const server = notifier.serverName() ?? 'the notification server';
    switch (mode) {
      case 'actions':
        return {
          id: ID,
          status: 'ok',
          detail: `${server} on the session bus has actions: notifications carry Approve/Deny/Jump`,
          fix: null,
        };
      case 'plain':
        return {
          id: ID,
          status: 'warn',
          detail: `${server} has no actions: notifications show without buttons (answer from the queue window)`,
          fix: `use a notification server with actions (${SERVERS})`,
        };
      case 'no-server':
        return {
          id: ID,
          status: 'warn',
          detail: 'no notification server on the session bus (org.freedesktop.Notifications has no owner)',
          fix: `start one (${SERVERS})`,
        };
      case 'unavailable':
        return {
          id: ID,
          status: 'warn',
          detail: `cannot connect to the session bus at ${address}`,
          fix: 'check DBUS_SESSION_BUS_ADDRESS: it must name the bus of your desktop session',
        };
      default:
        return assertNever(mode);
    }
  } finally {
    await notifier.close();
  }
}
