import { afterEach, describe, expect, it } from 'vitest';
import { checkDbusNotifications } from '../../../../main/engine/notify/dbus/dbus-doctor-check.ts';
import type { PrivateDesktop } from '../../../support/desktop-bus.ts';
import { startPrivateDesktop } from '../../../support/desktop-bus.ts';
import { startNoActionsServer } from './no-actions-server.ts';

let desktop: PrivateDesktop | null = null;
afterEach(async () => {
  await desktop?.kill();
  desktop = null;
});

describe('doctor: notifications over D-Bus', () => {
  it('is ok with dunst, naming it', async () => {
    desktop = await startPrivateDesktop({ dunst: true });
    const r = await checkDbusNotifications({ platform: 'linux', env: { DBUS_SESSION_BUS_ADDRESS: desktop.busAddress }, setting: 'auto' });
    expect(r).toMatchObject({ id: 'notifications-dbus', status: 'ok', fix: null });
    expect(r.detail).toMatch(/^dunst .*Approve\/Deny\/Jump/);
  });

  it('warns about a server without actions, and about no server at all', async () => {
    desktop = await startPrivateDesktop();
    const none = await checkDbusNotifications({
      platform: 'linux',
      env: { DBUS_SESSION_BUS_ADDRESS: desktop.busAddress },
      setting: 'auto',
    });
    expect(none).toMatchObject({ status: 'warn', detail: expect.stringContaining('no notification server') });
    const server = await startNoActionsServer(desktop.busAddress);
    try {
      const plain = await checkDbusNotifications({
        platform: 'linux',
        env: { DBUS_SESSION_BUS_ADDRESS: desktop.busAddress },
        setting: true,
      });
      expect(plain).toMatchObject({
        status: 'warn',
        detail: expect.stringContaining('has no actions'),
        fix: expect.stringContaining('dunst'),
      });
    } finally {
      await server.stop();
    }
  });

  it('warns without a session bus, and skips off Linux or when turned off', async () => {
    expect(await checkDbusNotifications({ platform: 'linux', env: {}, setting: 'auto' })).toMatchObject({
      status: 'warn',
      fix: expect.stringContaining('DBUS_SESSION_BUS_ADDRESS'),
    });
    expect(
      await checkDbusNotifications({ platform: 'linux', env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' }, setting: 'auto' }),
    ).toMatchObject({ status: 'warn', detail: expect.stringContaining('cannot connect') });
    expect((await checkDbusNotifications({ platform: 'darwin', env: {}, setting: 'auto' })).status).toBe('skip');
    expect((await checkDbusNotifications({ platform: 'linux', env: {}, setting: false })).status).toBe('skip');
  });
});
