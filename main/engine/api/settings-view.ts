/**
 * The config as the settings DTO the UI edits, and back. Pure. The DTO speaks in the form's terms
 * (a list of backoff waits, `maxTries`); the file keeps its own (first delay × factor, `maxNudges`),
 * so both directions and the issue paths are translated here.
 */
import type { PhoneStatusDto, SettingsDto, SettingsStateDto } from '../../../preload/contract/settings.ts';
import type { Config } from '../config/index.ts';
import { waitBefore } from '../watchdog/backoff.ts';
import { watchdogConfigOf } from '../watchdog/engine-settings.ts';

/** The waits the watchdog will use, one per nudge (longer when the file lists more). */
function shownBackoff(config: Config): number[] {
  const cfg = watchdogConfigOf(config);
  const length = Math.max(config.watchdog.maxNudges, config.watchdog.backoffMs?.length ?? 0);
  return Array.from({ length }, (_, i) => waitBefore(i, cfg));
}

/** The phone status when nothing is paired. */
export const NOT_PAIRED: PhoneStatusDto = { paired: false, name: null, bot: null, lastPollAt: null, problem: null };

/** Settings state for `settings:get` / `settings:set`. `loadError`: why the file on disk is not the config in force. */
export function settingsState(
  config: Config,
  configPath: string,
  loadError: string | null,
  phone: PhoneStatusDto = NOT_PAIRED,
): SettingsStateDto {
  const w = config.watchdog;
  return {
    settings: {
      hotkeys: { jumpOldest: config.hotkeys.jumpOldest, openQueue: config.hotkeys.openQueue },
      reminders: { cadenceMs: config.reminders.cadence },
      notifications: {
        enabled: config.notifications.enabled,
        sound: config.notifications.sound,
        actionButtons: config.notifications.actionButtons,
      },
      terminal: { command: config.terminal.command },
      tmux: { includeDefault: config.tmux.includeDefault, sockets: config.tmux.sockets },
      watchdog: {
        enabled: w.enabled,
        message: w.message,
        backoffMs: shownBackoff(config),
        capMs: w.capMs,
        maxTries: w.maxNudges,
        humanActiveMs: w.humanActiveWindowMs,
        dismissKnownDialogs: w.dismissKnownDialogs,
      },
      restart: { defaultRuntime: config.restart.defaultRuntime },
      phone: { tail: config.phone.tail, afterMs: config.phone.afterMs },
    },
    configPath,
    hotkeys: [],
    loadError,
    logFile: null,
    phone,
  };
}

type Json = Record<string, unknown>;

const section = (raw: Json, key: string): Json => {
  const value = raw[key];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
};

/**
 * The backoff list in the file's terms: a geometric list (each wait = first × r^i, capped) is kept
 * as firstDelayMs + factor, as a hand-written file would say it; any other list is kept as given.
 */
function backoffInFile(waits: readonly number[], capMs: number, factor: number): Json {
  const first = waits[0] ?? 0;
  const ratio = waits.length >= 2 && first > 0 ? (waits[1] ?? 0) / first : factor;
  const geometric = ratio >= 1 && waits.every((ms, i) => Math.abs(ms - Math.min(capMs, first * ratio ** i)) < 1);
  return geometric ? { firstDelayMs: first, factor: ratio, backoffMs: undefined } : { firstDelayMs: first, backoffMs: [...waits] };
}

/**
 * `raw` (the file's JSON) with every DTO field written into it; keys the form does not show
 * (rules, observe, per-platform terminal argv, …) stay exactly as they were, "5m" strings included.
 */
export function configWithSettings(raw: Json, s: SettingsDto): Json {
  const watchdog = section(raw, 'watchdog');
  const factor = typeof watchdog['factor'] === 'number' ? watchdog['factor'] : 3;
  const merged: Json = {
    ...raw,
    hotkeys: { ...section(raw, 'hotkeys'), ...s.hotkeys },
    reminders: { ...section(raw, 'reminders'), cadence: [...s.reminders.cadenceMs] },
    notifications: { ...section(raw, 'notifications'), ...s.notifications },
    terminal: { ...section(raw, 'terminal'), command: s.terminal.command },
    tmux: { ...section(raw, 'tmux'), includeDefault: s.tmux.includeDefault, sockets: [...s.tmux.sockets] },
    watchdog: {
      ...watchdog,
      enabled: s.watchdog.enabled,
      message: s.watchdog.message,
      ...backoffInFile(s.watchdog.backoffMs, s.watchdog.capMs, factor),
      capMs: s.watchdog.capMs,
      maxNudges: s.watchdog.maxTries,
      humanActiveWindowMs: s.watchdog.humanActiveMs,
      dismissKnownDialogs: s.watchdog.dismissKnownDialogs,
    },
    restart: { ...section(raw, 'restart'), defaultRuntime: s.restart.defaultRuntime },
    phone: { ...section(raw, 'phone'), tail: s.phone.tail, afterMs: s.phone.afterMs },
  };
  // JSON drops undefined keys: a list that became geometric leaves no stale backoffMs behind.
  return JSON.parse(JSON.stringify(merged)) as Json;
}

/** Config keys whose DTO field has another name (prefix → prefix). */
const RENAMED: ReadonlyArray<readonly [string, string]> = [
  ['reminders.cadence', 'reminders.cadenceMs'],
  ['watchdog.firstDelayMs', 'watchdog.backoffMs.0'],
  ['watchdog.factor', 'watchdog.backoffMs'],
  ['watchdog.maxNudges', 'watchdog.maxTries'],
  ['watchdog.humanActiveWindowMs', 'watchdog.humanActiveMs'],
];

/** A config issue's path in the DTO's dotted terms, so the form shows it next to its field. */
export function dtoPath(configPath: string): string {
  for (const [from, to] of RENAMED) {
    if (configPath === from || configPath.startsWith(`${from}.`)) return to + configPath.slice(from.length);
  }
  return configPath;
}

/** A config issue's message in the DTO's terms. */
export function dtoMessage(message: string): string {
  return message.replace('watchdog.firstDelayMs', 'the first backoff wait').replace('hotkeys.jumpOldest', 'the jump-to-oldest hotkey');
}
