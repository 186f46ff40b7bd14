/**
 * TEST DOUBLE, for the `inline-reply` case only (KDE Plasma's notification server, which cannot run
 * here): a minimal org.freedesktop.Notifications on the private bus that advertises `actions` and
 * `inline-reply`, records each Notify call, and sends `NotificationReplied(id, text)` when told to — as
 * Plasma does when the user types into the reply field. Everything else is tested against the real dunst.
 */
import { EventEmitter } from 'node:events';
import dbus from 'dbus-native';
import { notificationsInterface } from './notifications-interface.ts';

/** One recorded Notify call. */
export interface RecordedReplyNotify {
  readonly id: number;
  readonly summary: string;
  readonly actions: string[];
  readonly hintKeys: string[];
}

/** The running double. */
export interface InlineReplyServer {
  readonly calls: RecordedReplyNotify[];
  /** The user typed `text` into notification `id`'s reply field. */
  reply(id: number, text: string): void;
  stop(): Promise<void>;
}

/** Owns org.freedesktop.Notifications on `busAddress` until `stop()`. */
export async function startInlineReplyServer(busAddress: string): Promise<InlineReplyServer> {
  const bus = dbus.sessionBus({ busAddress });
  const calls: RecordedReplyNotify[] = [];
  let next = 0;
  const server = Object.assign(new EventEmitter(), {
    GetCapabilities: () => ['actions', 'body', 'inline-reply'],
    GetServerInformation: () => ['trailboss-inline-reply-double', 'trailboss', '0', '1.2'],
    Notify: (_app: string, replacesId: number, _icon: string, summary: string, _body: string, actions: string[], hints: unknown) => {
      const id = replacesId !== 0 ? replacesId : ++next;
      // a{sv} arrives as [key, variant] pairs or as an object, depending on the library's version.
      const hintKeys = Array.isArray(hints)
        ? hints.map((h: unknown) => String(Array.isArray(h) ? h[0] : ''))
        : typeof hints === 'object' && hints !== null
          ? Object.keys(hints)
          : [];
      calls.push({ id, summary, actions, hintKeys });
      return id;
    },
    CloseNotification: () => null,
  });
  bus.exportInterface(server, '/org/freedesktop/Notifications', notificationsInterface({ NotificationReplied: ['us', 'id', 'text'] }));
  const owned = await bus.requestName('org.freedesktop.Notifications', 0x4);
  if (owned !== 1) throw new Error(`the test double could not own org.freedesktop.Notifications (${owned})`);
  return { calls, reply: (id, text) => void server.emit('NotificationReplied', id, text), stop: () => bus.close() };
}
