/** The org.freedesktop.Notifications interface as the test doubles export it (methods and signals, spec 1.2). */
import type { InterfaceDescriptor } from 'dbus-native';

/** The descriptor for `bus.exportInterface`; `extraSignals` adds a server's own (Plasma's NotificationReplied). */
export function notificationsInterface(extraSignals: Record<string, string[]> = {}): InterfaceDescriptor {
  return {
    name: 'org.freedesktop.Notifications',
    methods: {
      GetCapabilities: ['', 'as', [], ['capabilities']],
      GetServerInformation: ['', 'ssss', [], ['name', 'vendor', 'version', 'spec_version']],
      Notify: [
        'susssasa{sv}i',
        'u',
        ['app_name', 'replaces_id', 'app_icon', 'summary', 'body', 'actions', 'hints', 'expire_timeout'],
        ['id'],
      ],
      CloseNotification: ['u', '', ['id'], []],
    },
    signals: { NotificationClosed: ['uu', 'id', 'reason'], ActionInvoked: ['us', 'id', 'action_key'], ...extraSignals },
  };
}
