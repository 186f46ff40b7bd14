import { describe, expect, it } from 'vitest';
import type { SettingsDto, SettingsStateDto } from '../../../preload/contract/index.ts';
import { setup } from './setup.ts';

const settings = { watchdog: { maxTries: 0 } } as unknown as SettingsDto;
const state = { settings, configPath: '/x/config.json', hotkeys: [], loadError: null, logFile: null } as unknown as SettingsStateDto;

describe('settings actions', () => {
  it('sends the whole settings object and stores the answer', async () => {
    const { controller, fake, stores } = setup([], { 'settings:set': () => ({ ok: true, value: state }) });
    const saved = await controller.saveSettings(settings);
    expect([saved, fake.callsTo('settings:set'), stores.settings.getState().savedAt]).toEqual([true, [{ settings }], 50_000]);
  });

  it('keeps the validation issues of a rejected save', async () => {
    const issues = [{ path: 'watchdog.maxTries', message: 'must be at least 1' }];
    const { controller, stores } = setup([], {
      'settings:set': () => ({ ok: false, error: { code: 'invalid', message: 'invalid config', issues } }),
    });
    const saved = await controller.saveSettings(settings);
    expect([saved, stores.settings.getState().issues]).toEqual([false, issues]);
  });

  it('installs hooks and shows the new status', async () => {
    const hooks = {
      state: 'installed',
      settingsPath: '/h/.claude/settings.json',
      events: ['Stop'],
      missing: [],
      lastHookAt: null,
      problem: null,
    };
    const { controller, stores } = setup([], { 'hooks:install': () => ({ ok: true, value: hooks }) });
    await controller.installHooks();
    expect(stores.settings.getState().hooks).toEqual(hooks);
  });
});
