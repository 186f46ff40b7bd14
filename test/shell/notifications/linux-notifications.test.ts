import { describe, expect, it } from 'vitest';
import type { DbusNotifierMode } from '../../../main/engine/notify/dbus/dbus-notifier.ts';
import type { NotificationOp } from '../../../main/engine/notify/notification-policy.ts';
import { linuxChoice, LinuxNotifier } from '../../../main/shell/notifications/linux-notifications.ts';

describe('linuxChoice', () => {
  it('auto uses D-Bus only while the server has actions', () => {
    expect(linuxChoice('auto', 'actions')).toBe('dbus');
    expect(linuxChoice('auto', 'plain')).toBe('electron');
    expect(linuxChoice('auto', 'no-server')).toBe('electron');
  });

  it('true uses D-Bus whenever there is a bus; false never; no bus always falls back to Electron', () => {
    expect(linuxChoice(true, 'plain')).toBe('dbus');
    expect(linuxChoice(true, 'no-server')).toBe('dbus');
    expect(linuxChoice(true, 'unavailable')).toBe('electron');
    expect(linuxChoice(false, 'actions')).toBe('electron');
  });
});

function recorder(name: string, log: string[]) {
  return {
    apply: (op: NotificationOp) => void log.push(`${name}:${op.op}:${op.tag}`),
    notice: () => void log.push(`${name}:notice`),
    closeAll: () => void log.push(`${name}:closeAll`),
  };
}

const show = (tag: string): NotificationOp => ({
  op: 'show',
  tag,
  itemId: tag,
  text: { title: 't', body: 'b', sentence: 's' },
  buttons: [],
  silent: false,
  urgency: 'critical',
  category: 'x-trailboss.permission',
});
const callbacks = { onAction: () => {}, onDismissed: () => {} };

describe('LinuxNotifier', () => {
  it('keeps each notification with the notifier that showed it when the choice changes', async () => {
    const log: string[] = [];
    let mode: DbusNotifierMode = 'actions';
    const dbus = {
      ...recorder('dbus', log),
      mode: () => mode,
      hasButtons: () => mode === 'actions',
      close: async () => void log.push('dbus:close'),
    };
    const n = new LinuxNotifier(dbus, recorder('electron', log), () => 'auto');
    n.apply(show('a'), callbacks);
    expect(n.hasButtons()).toBe(true);
    mode = 'plain';
    expect(n.hasButtons()).toBe(false);
    expect(new LinuxNotifier(dbus, recorder('electron', []), () => true).hasButtons()).toBe(true);
    n.apply(show('b'), callbacks);
    n.apply({ op: 'close', tag: 'a' }, callbacks);
    // A re-show under the new choice moves it: the old one is closed where it was shown.
    n.apply(show('c'), callbacks);
    mode = 'actions';
    n.apply(show('c'), callbacks);
    await n.closeAll();
    expect(log).toEqual([
      'dbus:show:a',
      'electron:show:b',
      'dbus:close:a',
      'electron:show:c',
      'electron:close:c',
      'dbus:show:c',
      'electron:closeAll',
      'dbus:close',
    ]);
  });
});
