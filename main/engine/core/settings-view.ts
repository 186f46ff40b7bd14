/** The config as the settings DTO the UI edits (and where it lives). */
import type { SettingsStateDto } from '../../../preload/contract/settings.ts';
import type { Config } from '../config/index.ts';

/** Settings state for `settings:get`. Backoff is shown as the waits the watchdog will use. */
export function settingsState(config: Config, configPath: string, loadError: string | null): SettingsStateDto {
  const w = config.watchdog;
  const backoff = Array.from({ length: w.maxNudges }, (_, i) => Math.min(w.capMs, w.firstDelayMs * w.factor ** i));
  return {
    settings: {
      hotkeys: { jumpOldest: config.hotkeys.jumpOldest, openQueue: config.hotkeys.openQueue },
      reminders: { cadenceMs: config.reminders.cadence },
      notifications: { enabled: config.notifications.enabled, sound: false, actionButtons: true },
      terminal: { command: null },
      tmux: { includeDefault: true, sockets: config.tmux.sockets },
      watchdog: {
        enabled: w.rules.length > 0,
        message: w.message,
        backoffMs: backoff,
        capMs: w.capMs,
        maxTries: w.maxNudges,
        humanActiveMs: w.humanActiveWindowMs,
        dismissKnownDialogs: true,
      },
      restart: { defaultRuntime: null },
    },
    configPath,
    hotkeys: [],
    loadError,
  };
}
