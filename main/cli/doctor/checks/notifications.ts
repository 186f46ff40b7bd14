/** Doctor check: whether this system can show desktop notifications, and on Linux whether they can carry buttons (optional: the queue and tray work without). */
import { existsSync } from 'node:fs';
import { loadConfig } from '../../../engine/config/load.ts';
import { checkDbusNotifications } from '../../../engine/notify/dbus/dbus-doctor-check.ts';
import { advice, ok, type DoctorCheck } from '../check.ts';

export const notificationsCheck: DoctorCheck = {
  id: 'notifications',
  title: 'notifications',
  async run({ ctx, paths }) {
    if (ctx.platform === 'darwin') return ok('macOS Notification Center (allow Trail Boss in System Settings > Notifications)');
    if (ctx.platform !== 'linux') return advice(`desktop notifications are not checked on ${ctx.platform}`, null);
    const bus =
      ctx.env['DBUS_SESSION_BUS_ADDRESS'] ??
      (process.getuid && existsSync(`/run/user/${process.getuid()}/bus`) ? `unix:path=/run/user/${process.getuid()}/bus` : undefined);
    if (!bus) {
      return advice(
        'no D-Bus session bus: desktop notifications cannot appear here (the queue, tray and `trailboss queue` still work)',
        'run Trail Boss inside your desktop session, where DBUS_SESSION_BUS_ADDRESS is set',
      );
    }
    // The notification server itself: is one running, and does it have the actions our buttons need?
    const loaded = loadConfig(paths.config);
    const setting = loaded.ok ? loaded.config.notifications.dbus : 'auto';
    const found = await checkDbusNotifications({ platform: 'linux', env: { DBUS_SESSION_BUS_ADDRESS: bus }, setting });
    return found.status === 'ok' ? ok(found.detail) : advice(found.detail, found.fix);
  },
};
