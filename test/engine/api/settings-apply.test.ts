/** settings:get / settings:set over a real config file in a temp dir: validation in DTO terms, atomic save, bad files. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsDto } from '../../../preload/contract/settings.ts';
import { DEFAULT_CONFIG, loadConfig, type Config } from '../../../main/engine/config/index.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { applySettings, readSettings, type SettingsDeps } from '../../../main/engine/api/settings-apply.ts';
import { settingsState } from '../../../main/engine/api/settings-view.ts';

let dir = '';
let file = '';
let reloads = 0;
let current: Config = DEFAULT_CONFIG;
const logger = new MemoryLogger();
const deps = (): SettingsDeps => ({ file, current: () => current, reload: () => void reloads++, logger });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-settings-'));
  file = join(dir, 'config.json');
  reloads = 0;
  current = DEFAULT_CONFIG;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const defaults = (): SettingsDto => settingsState(DEFAULT_CONFIG, file, null).settings;
const withWatchdog = (w: Partial<SettingsDto['watchdog']>): SettingsDto => ({ ...defaults(), watchdog: { ...defaults().watchdog, ...w } });
const issuesOf = (input: unknown) => {
  const env = applySettings(deps(), input);
  if (env.ok) throw new Error('expected invalid');
  expect(env.error.code).toBe('invalid');
  return env.error.issues ?? [];
};

describe('settings:get', () => {
  it('reports the defaults and no error when there is no file', () => {
    expect(readSettings(deps())).toMatchObject({ configPath: file, loadError: null, settings: defaults() });
  });

  it('reports a bad file with the line and column, while showing the config in force', () => {
    writeFileSync(file, '{\n  "watchdog": { "message": "go", }\n}\n');
    const state = readSettings(deps());
    expect(state.loadError).toMatch(/invalid JSON at line 2, column \d+: trailing comma/);
    expect(state.loadError).toContain('the last good config stays in force');
    expect(state.settings).toEqual(defaults());
  });

  it('names the offending key of a file that parses but does not validate', () => {
    writeFileSync(file, JSON.stringify({ watchdog: { maxNudges: 0 } }));
    expect(readSettings(deps()).loadError).toMatch(/watchdog\.maxNudges: /);
  });
});

describe('settings:set', () => {
  it('saves the settings, applies them through the reload, and answers the saved state', () => {
    const env = applySettings(deps(), withWatchdog({ message: 'keep going', maxTries: 5 }));
    expect(env.ok).toBe(true);
    expect(reloads).toBe(1);
    const loaded = loadConfig(file);
    expect(loaded.ok && loaded.config.watchdog).toMatchObject({ message: 'keep going', maxNudges: 5 });
    expect(env.ok && env.value.settings.watchdog).toMatchObject({ message: 'keep going', maxTries: 5 });
    expect(env.ok && env.value.loadError).toBeNull();
  });

  it("saves over a file with comments, keeping the user's comments", () => {
    writeFileSync(file, '{\n  // slower ticks on this laptop\n  "observe": { "tickMs": "2s" }\n}\n');
    const env = applySettings(deps(), withWatchdog({ message: 'keep going' }));
    expect(env.ok).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('// slower ticks on this laptop');
    expect(loadConfig(file)).toMatchObject({ ok: true, config: { watchdog: { message: 'keep going' } } });
    expect(existsSync(`${file}.bad`)).toBe(false);
  });

  it('keeps what the form does not show: rules, observe, duration strings', () => {
    writeFileSync(
      file,
      JSON.stringify({ observe: { tickMs: '2s' }, watchdog: { rules: [{ runtime: 'codex', mode: 'active' }], workResetMs: '45s' } }),
    );
    applySettings(deps(), withWatchdog({ enabled: false }));
    const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
    expect(written['observe']).toEqual({ tickMs: '2s' });
    expect(written['watchdog']).toMatchObject({ enabled: false, rules: [{ runtime: 'codex', mode: 'active' }], workResetMs: '45s' });
  });

  it('saves nothing and names the field when a hotkey is not an accelerator', () => {
    writeFileSync(file, '{}\n');
    const issues = issuesOf({ ...defaults(), hotkeys: { jumpOldest: 'J', openQueue: null } });
    expect(issues).toEqual([{ path: 'hotkeys.jumpOldest', message: expect.stringMatching(/modifier/) }]);
    expect(readFileSync(file, 'utf8')).toBe('{}\n');
    expect(reloads).toBe(0);
  });

  it('puts a reminder out of order on its own element', () => {
    expect(issuesOf({ ...defaults(), reminders: { cadenceMs: [0, 60_000, 30_000] } }).map((i) => i.path)).toEqual([
      'reminders.cadenceMs.2',
    ]);
  });

  it('reports watchdog problems under the form field names', () => {
    expect(issuesOf(withWatchdog({ maxTries: 0 })).map((i) => i.path)).toEqual(['watchdog.maxTries']);
    expect(issuesOf(withWatchdog({ message: '' })).map((i) => i.path)).toEqual(['watchdog.message']);
    expect(issuesOf(withWatchdog({ backoffMs: [] })).map((i) => i.path)).toEqual(['watchdog.backoffMs']);
    expect(issuesOf(withWatchdog({ backoffMs: [60_000], capMs: 1000 }))).toEqual([
      { path: 'watchdog.capMs', message: 'must be at least the first backoff wait' },
    ]);
  });

  it('refuses a terminal command without {target}', () => {
    expect(issuesOf({ ...defaults(), terminal: { command: 'kitty -e tmux attach' } }).map((i) => i.path)).toEqual(['terminal.command']);
  });

  it('refuses a malformed DTO with the path of each bad field', () => {
    const s = defaults();
    const issues = issuesOf({ ...s, watchdog: { ...s.watchdog, enabled: 'yes' }, restart: { defaultRuntime: 'vim' }, extra: 1 });
    expect(issues.map((i) => i.path).sort()).toEqual(['', 'restart.defaultRuntime', 'watchdog.enabled']);
  });

  it('replaces a bad file, keeping a copy of it as config.json.bad', () => {
    writeFileSync(file, '{ "watchdog": { "message": "mine", }');
    current = { ...DEFAULT_CONFIG, watchdog: { ...DEFAULT_CONFIG.watchdog, rules: [{ mode: 'active' }] } };
    const env = applySettings(deps(), withWatchdog({ message: 'from the form' }));
    expect(env.ok).toBe(true);
    expect(readFileSync(`${file}.bad`, 'utf8')).toBe('{ "watchdog": { "message": "mine", }');
    const loaded = loadConfig(file);
    // Built on the config in force (the last good one), with the form's fields.
    expect(loaded.ok && loaded.config.watchdog).toMatchObject({ message: 'from the form', rules: [{ mode: 'active' }] });
  });

  it('answers unavailable, with the reason, when the file cannot be written', () => {
    mkdirSync(file);
    const env = applySettings(deps(), defaults());
    expect(env).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/^cannot write /) } });
    expect(existsSync(`${file}.bad`)).toBe(false);
  });
});
