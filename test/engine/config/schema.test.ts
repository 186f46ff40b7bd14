import { describe, expect, it } from 'vitest';
import { configSchema, DEFAULT_CONFIG } from '../../../main/engine/config/schema.ts';
import { validateConfig, type ConfigResult } from '../../../main/engine/config/load.ts';

function errorsOf(result: ConfigResult) {
  if (result.ok) throw new Error('expected errors, got a valid config');
  return result.errors;
}

describe('config defaults', () => {
  it("observe on tmux's change events with a 5 s safety net, and confirm screens with two captures", () => {
    expect(DEFAULT_CONFIG.observe).toEqual({
      mode: 'events',
      settleMs: 60,
      busyLookMs: 1000,
      safetyNetMs: 5000,
      tickMs: 1000,
      recheckMs: 250,
      stabilityCaptures: 2,
      unexplainedAfterMs: 30_000,
    });
  });

  it('remind at 0, 5 m, 15 m, 45 m, 2 h and 4 h', () => {
    expect(DEFAULT_CONFIG.reminders.cadence).toEqual([0, 300_000, 900_000, 2_700_000, 7_200_000, 14_400_000]);
  });

  it('expire items after 8 h and cool skipped ones down for 10 min', () => {
    expect(DEFAULT_CONFIG.queue).toMatchObject({ itemExpiryMs: 8 * 3_600_000, skipCooldownMs: 600_000 });
  });

  it('use hotkeys with two modifiers', () => {
    expect(DEFAULT_CONFIG.hotkeys).toEqual({ jumpOldest: 'CommandOrControl+Alt+Shift+J', openQueue: 'CommandOrControl+Alt+Shift+K' });
  });

  it('keep the watchdog at 300 s ×3 capped at 2 h, 3 nudges, 120 s human window, no rules', () => {
    expect(DEFAULT_CONFIG.watchdog).toEqual({
      message: 'continue',
      firstDelayMs: 300_000,
      factor: 3,
      capMs: 7_200_000,
      maxNudges: 3,
      humanActiveWindowMs: 120_000,
      rules: [],
      enabled: true,
      dismissKnownDialogs: true,
      workResetMs: 30_000,
      recheckMs: 60_000,
    });
  });

  it('restart with 200 lines, a 30 s grace and no automatic threshold', () => {
    expect(DEFAULT_CONFIG.restart).toEqual({ maxLines: 200, gracefulTimeoutMs: 30_000, autoThresholdPercent: 0, defaultRuntime: null });
  });

  it('run hooks on a random loopback port, notifications on, one tmux server, auto capture', () => {
    expect(DEFAULT_CONFIG.hooks).toEqual({ enabled: true, port: 0 });
    expect(DEFAULT_CONFIG.notifications).toEqual({ enabled: true, pausedUntil: null, sound: true, actionButtons: true, dbus: 'auto' });
    expect(DEFAULT_CONFIG.tmux).toEqual({ sockets: [], captureMode: 'auto', includeDefault: true, path: null });
  });

  it('open a terminal with a {target} placeholder on every platform', () => {
    const { linux, darwin, win32, command } = DEFAULT_CONFIG.terminal;
    for (const argv of [linux, darwin, win32]) expect(argv.join(' ')).toContain('{target}');
    expect(command).toBeNull();
  });

  it('cannot be changed in place', () => {
    expect(() => {
      (DEFAULT_CONFIG.watchdog as { maxNudges: number }).maxNudges = 9;
    }).toThrow(TypeError);
  });
});

describe('config validation', () => {
  it('fills every missing key with its default', () => {
    const r = validateConfig({ watchdog: { maxNudges: 5 } });
    expect(r.ok && r.config.watchdog).toMatchObject({ maxNudges: 5, firstDelayMs: 300_000 });
    expect(r.ok && r.config.reminders).toEqual(DEFAULT_CONFIG.reminders);
  });

  it('accepts durations as readable strings', () => {
    const r = validateConfig({ reminders: { cadence: [0, '90s', '5m', '1h30m'] }, queue: { skipCooldownMs: '10m' } });
    expect(r.ok && r.config.reminders.cadence).toEqual([0, 90_000, 300_000, 5_400_000]);
    expect(r.ok && r.config.queue.skipCooldownMs).toBe(600_000);
  });

  it('names the exact cadence entry that is not a duration', () => {
    expect(errorsOf(validateConfig({ reminders: { cadence: [0, '5m', 'soon'] } }))).toEqual([
      { path: 'reminders.cadence.2', message: expect.stringMatching(/duration like "30s"/) },
    ]);
  });

  it('names the cadence entry that does not come after the one before', () => {
    expect(errorsOf(validateConfig({ reminders: { cadence: [0, '15m', '5m'] } }))[0]?.path).toBe('reminders.cadence.2');
  });

  it('names an unknown key itself, not its parent', () => {
    expect(errorsOf(validateConfig({ watchdog: { maxNudge: 3 } }))).toEqual([
      { path: 'watchdog.maxNudge', message: 'unknown setting (misspelt?)' },
    ]);
  });

  it('names a value of the wrong type', () => {
    expect(errorsOf(validateConfig({ hooks: { port: '8080' } }))[0]?.path).toBe('hooks.port');
  });

  it('names a value outside its range', () => {
    expect(errorsOf(validateConfig({ hooks: { port: 70_000 } }))[0]?.path).toBe('hooks.port');
  });

  it('names an unknown option', () => {
    expect(errorsOf(validateConfig({ tmux: { captureMode: 'fast' } }))[0]?.path).toBe('tmux.captureMode');
  });

  it('refuses a global hotkey without a modifier', () => {
    expect(errorsOf(validateConfig({ hotkeys: { jumpOldest: 'J' } }))).toEqual([
      { path: 'hotkeys.jumpOldest', message: expect.stringMatching(/modifier/) },
    ]);
  });

  it('accepts null to disable a hotkey', () => {
    expect(validateConfig({ hotkeys: { openQueue: null } }).ok).toBe(true);
  });

  it('refuses the same hotkey twice', () => {
    expect(errorsOf(validateConfig({ hotkeys: { jumpOldest: 'Alt+K', openQueue: 'alt+k' } }))[0]?.path).toBe('hotkeys.openQueue');
  });

  it('refuses a terminal command without {target}', () => {
    expect(errorsOf(validateConfig({ terminal: { linux: ['xterm', '-e', 'tmux', 'attach'] } }))[0]).toEqual({
      path: 'terminal.linux',
      message: 'must contain the {target} placeholder',
    });
  });

  it('refuses a watchdog rule whose session pattern is not a regular expression', () => {
    expect(errorsOf(validateConfig({ watchdog: { rules: [{ mode: 'active' }, { sessionPattern: '(', mode: 'active' }] } }))[0]?.path).toBe(
      'watchdog.rules.1.sessionPattern',
    );
  });

  it('refuses a watchdog rule for an unknown runtime or mode', () => {
    const errors = errorsOf(validateConfig({ watchdog: { rules: [{ runtime: 'aider', mode: 'always' }] } }));
    expect(errors.map((e) => e.path).sort()).toEqual(['watchdog.rules.0.mode', 'watchdog.rules.0.runtime']);
  });

  it('refuses a watchdog cap below the first delay', () => {
    expect(errorsOf(validateConfig({ watchdog: { firstDelayMs: '1h', capMs: '30m' } }))[0]?.path).toBe('watchdog.capMs');
  });

  it('reports every problem at once', () => {
    expect(
      errorsOf(validateConfig({ hooks: { port: -1 }, restart: { maxLines: 'many' }, typo: 1 }))
        .map((e) => e.path)
        .sort(),
    ).toEqual(['hooks.port', 'restart.maxLines', 'typo']);
  });

  it('refuses a file whose top level is not an object', () => {
    expect(errorsOf(validateConfig([]))[0]).toMatchObject({ path: '', message: expect.stringMatching(/expected object/) });
  });
});

describe('durations are bounded, so no value a user can type makes a runaway timer', () => {
  it('refuses a 30-day-plus reminder step, watchdog delay or expiry, naming the limit', () => {
    const errors = errorsOf(
      validateConfig({
        reminders: { cadence: [0, '31d'] },
        watchdog: { firstDelayMs: '40d', capMs: '40d' },
        queue: { itemExpiryMs: 3_000_000_000 },
      }),
    );
    expect(errors.map((e) => [e.path, e.message])).toEqual(
      expect.arrayContaining([
        ['reminders.cadence.1', 'must be at most 30d'],
        ['watchdog.firstDelayMs', 'must be at most 30d'],
        ['watchdog.capMs', 'must be at most 30d'],
        ['queue.itemExpiryMs', 'must be at most 30d'],
      ]),
    );
  });

  it('refuses a tick slower than a minute or faster than 100 ms', () => {
    expect(errorsOf(validateConfig({ observe: { tickMs: '30d' } })).map((e) => [e.path, e.message])).toEqual([
      ['observe.tickMs', 'must be at most 1m'],
    ]);
    expect(errorsOf(validateConfig({ observe: { tickMs: 5 } })).map((e) => e.path)).toEqual(['observe.tickMs']);
    expect(errorsOf(validateConfig({ observe: { mode: 'push' } })).map((e) => e.path)).toEqual(['observe.mode']);
  });

  it('accepts 30 days exactly', () => {
    expect(validateConfig({ reminders: { cadence: [0, '30d'] }, queue: { defaultSnoozeMs: '30d' } }).ok).toBe(true);
  });

  it('refuses a watchdog message with control characters (it is typed into agents)', () => {
    expect(errorsOf(validateConfig({ watchdog: { message: 'go\u001b[201~\r' } })).map((e) => e.path)).toEqual(['watchdog.message']);
  });
});

describe('notifications.dbus', () => {
  it('takes true, false or "auto", and nothing else', () => {
    for (const dbus of [true, false, 'auto']) expect(configSchema.safeParse({ notifications: { dbus } }).success).toBe(true);
    expect(configSchema.safeParse({ notifications: { dbus: 'yes' } }).success).toBe(false);
  });
});
