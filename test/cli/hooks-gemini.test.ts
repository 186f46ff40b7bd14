/**
 * `trailboss hooks install | uninstall | status --runtime gemini`, in-process on temp homes: Gemini CLI's
 * `~/.gemini/settings.json` (hooks found with Gemini CLI 0.61.0: test/fixtures/hooks/gemini) gets one forwarder
 * per event with `--runtime gemini` and a timeout in milliseconds, the user's settings and hooks stay, uninstall
 * puts back the exact bytes, and Claude's settings are never touched.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GEMINI_INSTALLED_EVENTS } from '../../main/engine/hooks/gemini-hooks.ts';
import { cli } from '../support/cli-context.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-cli-gemini-hooks-'));
  dirs.push(dir);
  return dir;
}

/** A settings.json a Gemini CLI user might have: other settings, their own AfterAgent hook, tab indentation. */
const USER_SETTINGS =
  '{\n\t"security": {"folderTrust": {"enabled": true}},\n\t"hooks": {\n\t\t"AfterAgent": [{"hooks": [{"type": "command", "command": "notify-send gemini-done", "timeout": 3000}]}]\n\t}\n}\n';

type Settings = { hooks: Record<string, { hooks: { command: string; type: string; timeout: number }[] }[]>; security?: unknown };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Settings;
const ours = (file: string) =>
  Object.entries(read(file).hooks).flatMap(([event, groups]) =>
    groups.flatMap((g) => g.hooks.filter((x) => x.command.endsWith('# trailboss:hook')).map((x) => ({ event, ...x }))),
  );

describe('trailboss hooks --runtime gemini', () => {
  it('installs into ~/.gemini/settings.json, one forwarder per event on the Gemini route, timeouts in ms', async () => {
    const home = tempHome();
    const run = await cli(['hooks', 'install', '--runtime', 'gemini'], { home });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const file = join(home, '.gemini', 'settings.json');
    expect(run.stdout).toContain(file);
    const entries = ours(file);
    expect(entries.map((e) => e.event).sort()).toEqual([...GEMINI_INSTALLED_EVENTS].sort());
    for (const e of entries) {
      expect(e.type).toBe('command');
      expect(e.command).toContain(`--runtime gemini ${e.event} # trailboss:hook`);
      expect(e.timeout).toBe(5000);
    }
    expect(existsSync(join(home, '.claude'))).toBe(false);
    const status = await cli(['hooks', 'status', '--runtime', 'gemini', '--json'], { home });
    expect(JSON.parse(status.stdout)).toMatchObject({ state: 'installed', settingsPath: file, missing: [] });
  });

  it('follows GEMINI_CLI_HOME', async () => {
    const home = tempHome();
    const geminiHome = join(home, 'elsewhere');
    expect((await cli(['hooks', 'install', '--runtime', 'gemini'], { home, env: { GEMINI_CLI_HOME: geminiHome } })).code).toBe(0);
    expect(ours(join(geminiHome, '.gemini', 'settings.json'))).toHaveLength(GEMINI_INSTALLED_EVENTS.length);
  });

  it("keeps the user's settings and hooks; uninstall leaves exactly the bytes that were there", async () => {
    const home = tempHome();
    const file = join(home, '.gemini', 'settings.json');
    mkdirSync(join(home, '.gemini'), { recursive: true });
    writeFileSync(file, USER_SETTINGS);
    expect((await cli(['hooks', 'install', '--runtime', 'gemini'], { home })).code).toBe(0);
    expect(read(file).hooks['AfterAgent']?.[0]?.hooks[0]?.command).toBe('notify-send gemini-done');
    expect(read(file).security).toEqual({ folderTrust: { enabled: true } });
    expect((await cli(['hooks', 'install', '--runtime', 'gemini'], { home })).stdout).toContain('nothing to change');
    const run = await cli(['hooks', 'uninstall', '--runtime', 'gemini'], { home });
    expect(run.stdout).toContain('exactly what it was before install');
    expect(readFileSync(file, 'utf8')).toBe(USER_SETTINGS);
  });

  it('uninstall of an install into no file leaves no file', async () => {
    const home = tempHome();
    await cli(['hooks', 'install', '--runtime', 'gemini'], { home });
    await cli(['hooks', 'uninstall', '--runtime', 'gemini'], { home });
    expect(existsSync(join(home, '.gemini', 'settings.json'))).toBe(false);
  });
});
