/** The config ↔ settings DTO mapping (pure): defaults, backoff in both terms, untouched keys, issue paths. */
import { describe, expect, it } from 'vitest';
import type { SettingsDto } from '../../../preload/contract/settings.ts';
import { DEFAULT_CONFIG, validateConfig, type Config } from '../../../main/engine/config/index.ts';
import { configWithSettings, dtoMessage, dtoPath, settingsState } from '../../../main/engine/api/settings-view.ts';

const MIN = 60_000;

function configOf(raw: unknown): Config {
  const r = validateConfig(raw);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.config;
}

const defaults = (): SettingsDto => settingsState(DEFAULT_CONFIG, '/c.json', null).settings;

describe('settingsState', () => {
  it('shows the defaults in the form terms: waits 5 m, 15 m, 45 m, 3 tries, sound and buttons on', () => {
    expect(settingsState(DEFAULT_CONFIG, '/c.json', null)).toEqual({
      settings: {
        hotkeys: { jumpOldest: 'CommandOrControl+Alt+Shift+J', openQueue: 'CommandOrControl+Alt+Shift+K' },
        reminders: { cadenceMs: [0, 5 * MIN, 15 * MIN, 45 * MIN, 120 * MIN, 240 * MIN] },
        notifications: { enabled: true, sound: true, actionButtons: true },
        terminal: { command: null },
        tmux: { includeDefault: true, sockets: [] },
        watchdog: {
          enabled: true,
          message: 'continue',
          backoffMs: [5 * MIN, 15 * MIN, 45 * MIN],
          capMs: 120 * MIN,
          maxTries: 3,
          humanActiveMs: 120_000,
          dismissKnownDialogs: true,
        },
        restart: { defaultRuntime: null },
        phone: { tail: true, afterMs: 0 },
      },
      configPath: '/c.json',
      hotkeys: [],
      loadError: null,
      logFile: null,
      phone: { paired: false, name: null, bot: null, lastPollAt: null, problem: null },
    });
  });

  it('caps the shown waits at capMs, as the watchdog will', () => {
    const config = configOf({ watchdog: { firstDelayMs: '30m', factor: 3, capMs: '1h', maxNudges: 4 } });
    expect(settingsState(config, '/c.json', null).settings.watchdog.backoffMs).toEqual([30 * MIN, 60 * MIN, 60 * MIN, 60 * MIN]);
  });

  it('shows an explicit list as written, continued by the factor up to maxNudges', () => {
    const config = configOf({ watchdog: { backoffMs: ['1m', '10m'], factor: 2, maxNudges: 3 } });
    expect(settingsState(config, '/c.json', null).settings.watchdog.backoffMs).toEqual([MIN, 10 * MIN, 20 * MIN]);
  });

  it('carries the load error it is given', () => {
    expect(settingsState(DEFAULT_CONFIG, '/c.json', 'bad').loadError).toBe('bad');
  });
});

describe('configWithSettings', () => {
  it('round-trips the defaults: the DTO read back from the written config is the DTO written', () => {
    const written = configWithSettings({}, defaults());
    expect(settingsState(configOf(written), '/c.json', null).settings).toEqual(defaults());
  });

  it('keeps a geometric list as first delay × factor, with no list in the file', () => {
    const s = defaults();
    const written = configWithSettings({}, { ...s, watchdog: { ...s.watchdog, backoffMs: [2 * MIN, 4 * MIN, 8 * MIN] } });
    expect(written['watchdog']).toMatchObject({ firstDelayMs: 2 * MIN, factor: 2 });
    expect(written['watchdog']).not.toHaveProperty('backoffMs');
  });

  it('keeps any other list as given, and the watchdog uses exactly it', () => {
    const s = defaults();
    const written = configWithSettings({}, { ...s, watchdog: { ...s.watchdog, backoffMs: [MIN, 30 * MIN, 31 * MIN] } });
    expect(written['watchdog']).toMatchObject({ firstDelayMs: MIN, backoffMs: [MIN, 30 * MIN, 31 * MIN] });
    expect(settingsState(configOf(written), '/c.json', null).settings.watchdog.backoffMs).toEqual([MIN, 30 * MIN, 31 * MIN]);
  });

  it('drops a stale explicit list when the new one is geometric', () => {
    const written = configWithSettings({ watchdog: { backoffMs: [1000, 7000] } }, defaults());
    expect(written['watchdog']).not.toHaveProperty('backoffMs');
  });

  it('leaves keys the form does not show exactly as they were, duration strings included', () => {
    const raw = {
      observe: { tickMs: '2s' },
      queue: { itemExpiryMs: '4h' },
      terminal: { linux: ['kitty', '-e', 'tmux', 'attach', '-t', '{target}'] },
      watchdog: { rules: [{ runtime: 'claude', mode: 'active' }], workResetMs: '45s' },
      notifications: { pausedUntil: 123 },
    };
    const written = configWithSettings(raw, defaults());
    expect(written).toMatchObject(raw);
  });
});

describe('issue paths in DTO terms', () => {
  it.each([
    ['reminders.cadence.2', 'reminders.cadenceMs.2'],
    ['watchdog.firstDelayMs', 'watchdog.backoffMs.0'],
    ['watchdog.backoffMs.1', 'watchdog.backoffMs.1'],
    ['watchdog.maxNudges', 'watchdog.maxTries'],
    ['watchdog.humanActiveWindowMs', 'watchdog.humanActiveMs'],
    ['hotkeys.openQueue', 'hotkeys.openQueue'],
    ['terminal.command', 'terminal.command'],
    ['tmux.sockets.0', 'tmux.sockets.0'],
  ])('%s → %s', (from, to) => {
    expect(dtoPath(from)).toBe(to);
  });

  it('names the first wait instead of a key the form does not have', () => {
    expect(dtoMessage('must be at least watchdog.firstDelayMs')).toBe('must be at least the first backoff wait');
  });
});
