import { describe, expect, it } from 'vitest';
import {
  hotkeyEnvironment,
  hotkeyStatus,
  planHotkeys,
  registrationFailureHint,
  withHotkeyStatus,
} from '../../../main/shell/hotkeys/hotkey-status.ts';
import type { SettingsStateDto } from '../../../preload/contract/settings.ts';

const x11 = hotkeyEnvironment({ DISPLAY: ':0', XDG_SESSION_TYPE: 'x11' }, 'linux', true);
const wayland = hotkeyEnvironment({ WAYLAND_DISPLAY: 'wayland-0', XDG_SESSION_TYPE: 'wayland' }, 'linux', true);

describe('hotkeyEnvironment', () => {
  it('tells Wayland from X11', () => {
    expect(wayland.session).toBe('wayland');
    expect(x11.session).toBe('x11');
    expect(hotkeyEnvironment({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux', false).session).toBe('wayland');
    expect(hotkeyEnvironment({}, 'darwin', false).session).toBe('none');
  });
});

describe('planHotkeys', () => {
  it('registers valid ones in canonical spelling', () => {
    expect(planHotkeys({ jumpOldest: 'ctrl+alt+shift+j', openQueue: null }, 'linux')).toEqual([
      { name: 'jumpOldest', kind: 'register', accelerator: 'Control+Alt+Shift+J', warning: null },
      { name: 'openQueue', kind: 'skip', accelerator: null, problem: null },
    ]);
  });

  it('skips an invalid one and says why', () => {
    const [plan] = planHotkeys({ jumpOldest: 'Shift+J', openQueue: null }, 'linux');
    expect(plan).toMatchObject({ kind: 'skip', problem: expect.stringContaining('"Shift+J" needs a modifier') });
  });

  it('skips the second of two hotkeys that are the same keys on this platform', () => {
    const plans = planHotkeys({ jumpOldest: 'CommandOrControl+Alt+K', openQueue: 'Control+Alt+K' }, 'linux');
    expect(plans[1]).toMatchObject({ kind: 'skip', problem: 'same keys as jumpOldest; choose another' });
    expect(planHotkeys({ jumpOldest: 'CommandOrControl+Alt+K', openQueue: 'Control+Alt+K' }, 'darwin')[1]?.kind).toBe('register');
  });

  it('registers a clashing one but carries the warning', () => {
    expect(planHotkeys({ jumpOldest: 'CommandOrControl+Alt+J', openQueue: null }, 'darwin')[0]).toMatchObject({
      kind: 'register',
      warning: expect.stringContaining('Chrome'),
    });
  });
});

describe('registration failures', () => {
  const plan = { name: 'jumpOldest', kind: 'register', accelerator: 'Control+Alt+Shift+J', warning: null } as const;

  it('on X11 say another app has the key', () => {
    expect(hotkeyStatus(plan, false, x11)).toEqual({
      name: 'jumpOldest',
      accelerator: 'Control+Alt+Shift+J',
      registered: false,
      problem: expect.stringContaining('taken by another app'),
    });
  });

  it('on Wayland name the GlobalShortcuts portal and a way around it', () => {
    const hint = registrationFailureHint('Control+Alt+Shift+J', wayland);
    expect(hint).toContain('GlobalShortcuts portal');
    expect(hint).toContain('trailboss jump');
  });

  it('on Wayland without the portal feature say the session gives no global keys', () => {
    expect(registrationFailureHint('Control+Alt+J', { ...wayland, portalEnabled: false })).toContain('gives apps no global keys');
  });

  it('on macOS mention macOS itself', () => {
    expect(registrationFailureHint('Command+Alt+J', { platform: 'darwin', session: 'none', portalEnabled: false })).toContain('macOS');
  });

  it('are never silent: a registered one on Wayland still notes the desktop may ask', () => {
    expect(hotkeyStatus(plan, true, wayland).problem).toContain('Wayland');
    expect(hotkeyStatus(plan, true, x11)).toMatchObject({ registered: true, problem: null });
  });

  it('keep the reason of a skipped hotkey', () => {
    expect(hotkeyStatus({ name: 'openQueue', kind: 'skip', accelerator: 'J', problem: 'bad' }, true, x11)).toEqual({
      name: 'openQueue',
      accelerator: 'J',
      registered: false,
      problem: 'bad',
    });
  });
});

describe('withHotkeyStatus', () => {
  it('puts the shell’s statuses into the engine’s settings answer', () => {
    const state = { settings: {}, configPath: '/c', hotkeys: [], loadError: null, logFile: null } as unknown as SettingsStateDto;
    const statuses = [{ name: 'jumpOldest' as const, accelerator: 'A+B', registered: true, problem: null }];
    expect(withHotkeyStatus(state, statuses)).toEqual({ ...state, hotkeys: statuses });
  });
});
