/**
 * Settings through a running engine: `settings:set` saves the file and the engine applies it without
 * a restart (the next nudge types the new message); a bad hand edit shows up in `settings:get` and
 * as an engine:error, while the last good config stays in force.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsStateDto } from '../../preload/contract/settings.ts';
import { claudeIdleWorking } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { configFileOf, startWatchdogEngine, submissionsReach } from './watchdog-integration/support.ts';
import { poll } from '../support/poll.ts';

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

async function current(): Promise<SettingsStateDto> {
  const env = await h!.engine.api['settings:get']({});
  if (!env.ok) throw new Error(env.error.message);
  return env.value;
}

describe('settings on a running engine', () => {
  it('settings:set applies at once: the engine config, the settings:changed event and settings:get agree', async () => {
    h = await startWatchdogEngine();
    const changed: SettingsStateDto[] = [];
    h.engine.on('settings:changed', (s) => changed.push(s));
    const before = await current();
    const settings = { ...before.settings, watchdog: { ...before.settings.watchdog, message: 'keep going', humanActiveMs: 60_000 } };
    const env = await h.engine.api['settings:set']({ settings });
    expect(env).toMatchObject({
      ok: true,
      value: { loadError: null, settings: { watchdog: { message: 'keep going', humanActiveMs: 60_000 } } },
    });
    expect(h.engine.config().watchdog).toMatchObject({ message: 'keep going', humanActiveWindowMs: 60_000 });
    expect(changed.map((s) => s.settings.watchdog.message)).toEqual(['keep going']);
    expect((await current()).settings).toEqual(settings);
    // The harness config's rules-free watchdog section kept its hand-written keys.
    expect(JSON.parse(readFileSync(configFileOf(h.home), 'utf8'))).toMatchObject({
      watchdog: { firstDelayMs: 2000, message: 'keep going' },
    });
  });

  it('the next nudge types the message saved through settings:set', async () => {
    h = await startWatchdogEngine({ rules: [{ runtime: 'claude', mode: 'active' }], firstDelayMs: 3000, capMs: 8000 });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const before = await current();
    const env = await h.engine.api['settings:set']({
      settings: { ...before.settings, watchdog: { ...before.settings.watchdog, message: 'carry on with the plan' } },
    });
    expect(env.ok).toBe(true);
    const [submitted] = await submissionsReach(agent, 1, 10_000);
    expect(submitted!.text).toBe('carry on with the plan');
  }, 30_000);

  it('an invalid settings:set saves nothing and changes nothing', async () => {
    h = await startWatchdogEngine();
    const fileBefore = readFileSync(configFileOf(h.home), 'utf8');
    const before = await current();
    const env = await h.engine.api['settings:set']({
      settings: { ...before.settings, watchdog: { ...before.settings.watchdog, maxTries: 0 } },
    });
    expect(env).toMatchObject({ ok: false, error: { code: 'invalid', issues: [{ path: 'watchdog.maxTries' }] } });
    expect(readFileSync(configFileOf(h.home), 'utf8')).toBe(fileBefore);
    expect(h.engine.config().watchdog.maxNudges).toBe(3);
  });

  it('a bad hand edit is reported by settings:get and an engine:error, and the last good config stays', async () => {
    h = await startWatchdogEngine({ message: 'good one' });
    const errors: string[] = [];
    h.engine.on('engine:error', (e) => errors.push(e.message));
    writeFileSync(configFileOf(h.home), JSON.stringify({ watchdog: { message: 'never applied', maxNudges: 'three' } }));
    const state = await poll(async () => {
      const s = await current();
      return s.loadError ? s : null;
    }, 'the load error');
    expect(state.loadError).toMatch(/watchdog\.maxNudges: /);
    expect(state.settings.watchdog.message).toBe('good one');
    await poll(() => errors.some((m) => m.includes('watchdog.maxNudges')), 'the engine:error');
    expect(h.engine.config().watchdog.message).toBe('good one');
  });
});
