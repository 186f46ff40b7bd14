/** Settings effects: load, save (showing the engine's validation issues), and Claude hooks install/status. */
import type { Envelope, HooksStatusDto, SettingsDto } from '../../preload/contract/index.ts';
import type { ControllerDeps } from './deps.ts';

export interface SettingsActionsApi {
  loadSettings(): Promise<void>;
  saveSettings(settings: SettingsDto): Promise<boolean>;
  loadHooks(): Promise<void>;
  installHooks(): Promise<void>;
  uninstallHooks(): Promise<void>;
}

/** Creates the settings actions. */
export function settingsActions({ bridge, stores, clock }: ControllerDeps): SettingsActionsApi {
  const settings = () => stores.settings.getState();

  const hooks = async (call: () => Promise<Envelope<HooksStatusDto>>) => {
    settings().hooksRequested();
    const r = await call();
    if (r.ok) settings().hooksLoaded(r.value);
    else settings().hooksFailed(r.error.message);
  };

  return {
    async loadSettings() {
      const r = await bridge.api['settings:get']({});
      if (r.ok) settings().settingsLoaded(r.value);
      else settings().settingsLoadFailed(r.error.message);
    },
    async saveSettings(next) {
      settings().saveStarted();
      const r = await bridge.api['settings:set']({ settings: next });
      if (r.ok) settings().settingsSaved(r.value, clock.now());
      else settings().saveRejected(r.error);
      return r.ok;
    },
    loadHooks: () => hooks(() => bridge.api['hooks:status']({})),
    installHooks: () => hooks(() => bridge.api['hooks:install']({})),
    uninstallHooks: () => hooks(() => bridge.api['hooks:uninstall']({})),
  };
}
