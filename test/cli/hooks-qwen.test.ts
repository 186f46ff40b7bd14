/**
 * `trailboss hooks install | uninstall | status --runtime qwen`, in-process on temp homes: Qwen Code's
 * `~/.qwen/settings.json` (hooks found with Qwen Code 0.24.4: test/fixtures/hooks/qwen) gets one forwarder
 * per event with `--runtime qwen` and a timeout in seconds, the user's settings and hooks stay, uninstall
 * puts back the exact bytes, and Claude's settings are never touched.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QWEN_INSTALLED_EVENTS } from '../../main/engine/hooks/qwen-hooks.ts';
import { cli } from '../support/cli-context.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-cli-qwen-hooks-'));
  dirs.push(dir);
  return dir;
}

/** A settings.json a Qwen Code user might have: other settings, their own AfterAgent hook, tab indentation. */
const USER_SETTINGS =
  '{\n\t"security": {"folderTrust": {"enabled": true}},\n\t"hooks": {\n\t\t"AfterAgent": [{"hooks": [{"type": "command", "command": "notify-send qwen-done", "timeout": 3}]}]\n\t}\n}\n';

type Settings = { hooks: Record<string, { hooks: { command: string; type: string; timeout: number }[] }[]>; security?: unknown };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Settings;
const ours = (file: string) =>
  Object.entries(read(file).hooks).flatMap(([event, groups]) =>
    groups.flatMap((g) => g.hooks.filter((x) => x.command.endsWith('# trailboss:hook')).map((x) => ({ event, ...x }))),
  );

describe('trailboss hooks --runtime qwen', () => {
  it('installs into ~/.qwen/settings.json, one forwarder per event on the Gemini route, timeouts in seconds', async () => {
    const home = tempHome();
    const run = await cli(['hooks', 'install', '--runtime', 'qwen'], { home });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const file = join(home, '.qwen', 'settings.json');
    expect(run.stdout).toContain(file);
    const entries = ours(file);
    expect(entries.map((e) => e.event).sort()).toEqual([...QWEN_INSTALLED_EVENTS].sort());
    for (const e of entries) {
      expect(e.type).toBe('command');
      expect(e.command).toContain(`--runtime qwen ${e.event} # trailboss:hook`);
      expect(e.timeout).toBe(5);
    }
    expect(existsSync(join(home, '.claude'))).toBe(false);
    const status = await cli(['hooks', 'status', '--runtime', 'qwen', '--json'], { home });
    expect(JSON.parse(status.stdout)).toMatchObject({ state: 'installed', settingsPath: file, missing: [] });
  });

  it('follows QWEN_HOME (the .qwen directory itself)', async () => {
    const home = tempHome();
    const qwenHome = join(home, 'elsewhere');
    expect((await cli(['hooks', 'install', '--runtime', 'qwen'], { home, env: { QWEN_HOME: qwenHome } })).code).toBe(0);
    expect(ours(join(qwenHome, 'settings.json'))).toHaveLength(QWEN_INSTALLED_EVENTS.length);
  });

  it("keeps the user's settings and hooks; uninstall leaves exactly the bytes that were there", async () => {
    const home = tempHome();
    const file = join(home, '.qwen', 'settings.json');
    mkdirSync(join(home, '.qwen'), { recursive: true });
    writeFileSync(file, USER_SETTINGS);
    expect((await cli(['hooks', 'install', '--runtime', 'qwen'], { home })).code).toBe(0);
    expect(read(file).hooks['AfterAgent']?.[0]?.hooks[0]?.command).toBe('notify-send qwen-done');
    expect(read(file).security).toEqual({ folderTrust: { enabled: true } });
    expect((await cli(['hooks', 'install', '--runtime', 'qwen'], { home })).stdout).toContain('nothing to change');
    const run = await cli(['hooks', 'uninstall', '--runtime', 'qwen'], { home });
    expect(run.stdout).toContain('exactly what it was before install');
    expect(readFileSync(file, 'utf8')).toBe(USER_SETTINGS);
  });

  it('uninstall of an install into no file leaves no file', async () => {
    const home = tempHome();
    await cli(['hooks', 'install', '--runtime', 'qwen'], { home });
    await cli(['hooks', 'uninstall', '--runtime', 'qwen'], { home });
    expect(existsSync(join(home, '.qwen', 'settings.json'))).toBe(false);
  });
});
