/**
 * TEST DOUBLE, for the "server without actions" case only: a minimal org.freedesktop.Notifications
 * on the private bus that advertises no `actions` (dunst always does) and records each Notify call.
 * Everything else is tested against the real dunst.
 */
import dbus from 'dbus-native';
import { notificationsInterface } from './notifications-interface.ts';

/** One recorded Notify call. */
export interface RecordedNotify {
  readonly appName: string;
  readonly replacesId: number;
  readonly summary: string;
  readonly body: string;
  readonly actions: string[];
}

/** The running double. */
export interface NoActionsServer {
  readonly calls: RecordedNotify[];
  stop(): Promise<void>;
}

/** Owns org.freedesktop.Notifications on `busAddress` until `stop()`. */
export async function startNoActionsServer(busAddress: string): Promise<NoActionsServer> {
  const bus = dbus.sessionBus({ busAddress });
  const calls: RecordedNotify[] = [];
  let next = 0;
  bus.exportInterface(
    {
      GetCapabilities: () => ['body'],
      GetServerInformation: () => ['trailboss-no-actions-double', 'trailboss', '0', '1.2'],
      Notify: (appName: string, replacesId: number, _icon: string, summary: string, body: string, actions: string[]) => {
        calls.push({ appName, replacesId, summary, body, actions });
        return replacesId !== 0 ? replacesId : ++next;
      },
      CloseNotification: () => null,
    },
    '/org/freedesktop/Notifications',
    notificationsInterface(),
  );
  const owned = await bus.requestName('org.freedesktop.Notifications', 0x4);
  if (owned !== 1) throw new Error(`the test double could not own org.freedesktop.Notifications (${owned})`);
  return { calls, stop: () => bus.close() };
}
