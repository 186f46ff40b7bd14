/**
 * The GlobalShortcuts portal, asked on a real private session bus (dbus-daemon, no service files):
 * without the portal every Wayland hotkey is reported unavailable with the hint, never "registered".
 * The "present" case uses a TEST DOUBLE of the portal's one property (no xdg-desktop-portal here).
 */
import dbus from 'dbus-native';
import { afterEach, describe, expect, it } from 'vitest';
import { hotkeyEnvironment, hotkeyStatus, planHotkeys } from '../../../main/shell/hotkeys/hotkey-status.ts';
import { probeShortcutsPortal } from '../../../main/shell/hotkeys/shortcuts-portal.ts';
import type { PrivateDesktop } from '../../support/desktop-bus.ts';
import { startPrivateDesktop } from '../../support/desktop-bus.ts';

let desktop: PrivateDesktop | null = null;
const buses: { close(): unknown }[] = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await Promise.resolve(bus.close()).catch(() => undefined);
  await desktop?.kill();
  desktop = null;
});

/** TEST DOUBLE: org.freedesktop.portal.Desktop exporting only GlobalShortcuts' `version` (or another interface). */
async function startPortalDouble(address: string, iface: string): Promise<void> {
  const bus = dbus.sessionBus({ busAddress: address });
  buses.push(bus);
  bus.exportInterface({ version: 1 }, '/org/freedesktop/portal/desktop', {
    name: iface,
    methods: {},
    signals: {},
    properties: { version: 'u' },
  });
  const owned = await bus.requestName('org.freedesktop.portal.Desktop', 0x4);
  if (owned !== 1) throw new Error(`the portal double could not own its name (${owned})`);
}

describe('the GlobalShortcuts portal on the session bus', () => {
  it('is absent on a bus without the portal, and every Wayland hotkey then says unavailable with the hint', async () => {
    desktop = await startPrivateDesktop();
    const portal = await probeShortcutsPortal(desktop.busAddress);
    expect(portal.kind).toBe('absent');
    const env = {
      ...hotkeyEnvironment({ WAYLAND_DISPLAY: 'wayland-0', XDG_SESSION_TYPE: 'wayland' }, 'linux', true),
      portal: portal.kind,
    };
    const [plan] = planHotkeys({ jumpOldest: 'Control+Alt+Shift+J', openQueue: null }, 'linux');
    if (plan === undefined) throw new Error('no plan');
    // Electron would have answered "registered": the portal's absence wins.
    const status = hotkeyStatus(plan, true, env);
    expect(status).toMatchObject({ registered: false, problem: expect.stringContaining('no GlobalShortcuts portal') });
    expect(status.problem).toContain('trailboss jump');
  }, 30_000);

  it('is absent when the portal runs without GlobalShortcuts (GNOME 46), present with its version otherwise', async () => {
    desktop = await startPrivateDesktop();
    await startPortalDouble(desktop.busAddress, 'org.freedesktop.portal.Settings');
    expect((await probeShortcutsPortal(desktop.busAddress)).kind).toBe('absent');
    for (const bus of buses.splice(0)) await Promise.resolve(bus.close());
    await startPortalDouble(desktop.busAddress, 'org.freedesktop.portal.GlobalShortcuts');
    expect(await probeShortcutsPortal(desktop.busAddress)).toEqual({ kind: 'present', version: 1 });
  }, 30_000);

  it('is unknown without a session bus: registration is trusted as before', async () => {
    expect((await probeShortcutsPortal(undefined)).kind).toBe('unknown');
    expect((await probeShortcutsPortal('unix:path=/nonexistent/bus', 2_000)).kind).toBe('unknown');
  });
});
