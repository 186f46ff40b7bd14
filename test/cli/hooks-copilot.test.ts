/**
 * `trailboss hooks install | uninstall | status --runtime copilot`, in-process on temp homes: our own file in
 * Copilot CLI's hooks directory (`$COPILOT_HOME/hooks/trailboss.json`, format found with 1.0.102:
 * test/fixtures/hooks/copilot), the user's hook files never touched, a foreign file of that name refused.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COPILOT_INSTALLED_EVENTS } from '../../main/engine/hooks/copilot-hooks.ts';
import { cli } from '../support/cli-context.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-cli-copilot-hooks-'));
  dirs.push(dir);
  return dir;
}

const USER_HOOKS =
  '{\n  "version": 1,\n  "hooks": { "agentStop": [{ "type": "command", "bash": "notify-send done", "timeoutSec": 3 }] }\n}\n';
type HookFile = { version: number; hooks: Record<string, { type: string; bash: string; timeoutSec: number }[]> };

describe('trailboss hooks --runtime copilot', () => {
  it("writes trailboss.json beside the user's hook files, one forwarder per event; uninstall removes only it", async () => {
    const home = tempHome();
    const dir = join(home, '.copilot', 'hooks');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'mine.json'), USER_HOOKS);
    const run = await cli(['hooks', 'install', '--runtime', 'copilot'], { home });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const file = join(dir, 'trailboss.json');
    const ours = JSON.parse(readFileSync(file, 'utf8')) as HookFile;
    expect(ours.version).toBe(1);
    expect(Object.keys(ours.hooks).sort()).toEqual([...COPILOT_INSTALLED_EVENTS].sort());
    for (const [event, [entry]] of Object.entries(ours.hooks)) {
      expect(entry).toMatchObject({ type: 'command', timeoutSec: 5 });
      expect(entry?.bash).toContain(`--runtime copilot ${event} # trailboss:hook`);
    }
    expect((await cli(['hooks', 'install', '--runtime', 'copilot'], { home })).stdout).toContain('nothing to change');
    const status = await cli(['hooks', 'status', '--runtime', 'copilot', '--json'], { home });
    expect(JSON.parse(status.stdout)).toMatchObject({ state: 'installed', settingsPath: file });
    expect((await cli(['hooks', 'uninstall', '--runtime', 'copilot'], { home })).code).toBe(0);
    expect(readdirSync(dir)).toEqual(['mine.json']);
    expect(readFileSync(join(dir, 'mine.json'), 'utf8')).toBe(USER_HOOKS);
    expect(existsSync(join(home, '.claude'))).toBe(false);
  });

  it('follows COPILOT_HOME', async () => {
    const home = tempHome();
    const copilotHome = join(home, 'elsewhere');
    expect((await cli(['hooks', 'install', '--runtime', 'copilot'], { home, env: { COPILOT_HOME: copilotHome } })).code).toBe(0);
    expect(existsSync(join(copilotHome, 'hooks', 'trailboss.json'))).toBe(true);
  });

  it('refuses to overwrite or remove a trailboss.json it did not write', async () => {
    const home = tempHome();
    const dir = join(home, '.copilot', 'hooks');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'trailboss.json'), USER_HOOKS);
    const install = await cli(['hooks', 'install', '--runtime', 'copilot'], { home });
    expect(install.code).not.toBe(0);
    expect(install.stderr).toContain('not Trail Boss');
    expect((await cli(['hooks', 'uninstall', '--runtime', 'copilot'], { home })).code).not.toBe(0);
    expect(readFileSync(join(dir, 'trailboss.json'), 'utf8')).toBe(USER_HOOKS);
  });
});
