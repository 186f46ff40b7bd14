/**
 * `trailboss hooks install | uninstall | status --runtime codex`, in-process on temp homes: Codex's
 * `$CODEX_HOME/hooks.json` (found with Codex 0.169.0: test/fixtures/hooks/codex) gets one forwarder
 * per event with `--runtime codex`, the user's hooks stay, uninstall puts back the exact bytes, and
 * Claude's settings are never touched.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CODEX_INSTALLED_EVENTS } from '../../main/engine/hooks/codex-hooks.ts';
import { cli } from '../support/cli-context.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-cli-codex-hooks-'));
  dirs.push(dir);
  return dir;
}

/** A hooks.json a Codex user might have: their own Stop hook, two-space indentation. */
const USER_HOOKS =
  '{\n  "hooks": {\n    "Stop": [\n      { "hooks": [{ "type": "command", "command": "notify-send codex-done" }] }\n    ]\n  }\n}\n';

type HooksShape = { hooks: Record<string, { hooks: { command: string; type: string }[] }[]> };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as HooksShape;
const ours = (file: string) =>
  Object.entries(read(file).hooks).flatMap(([event, groups]) =>
    groups.flatMap((g) => g.hooks.filter((x) => x.command.endsWith('# trailboss:hook')).map((x) => ({ event, ...x }))),
  );

describe('trailboss hooks --runtime codex', () => {
  it('installs into $CODEX_HOME/hooks.json, one forwarder per Codex event, posting to the Codex route', async () => {
    const home = tempHome();
    const codexHome = join(home, 'codex-home');
    const run = await cli(['hooks', 'install', '--runtime', 'codex'], { home, env: { CODEX_HOME: codexHome } });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const file = join(codexHome, 'hooks.json');
    expect(run.stdout).toContain(file);
    expect(run.stdout).toContain('Hooks need review');
    const entries = ours(file);
    expect(entries.map((e) => e.event).sort()).toEqual([...CODEX_INSTALLED_EVENTS].sort());
    for (const e of entries) {
      expect(e.type).toBe('command');
      expect(e.command).toContain(`--runtime codex ${e.event} # trailboss:hook`);
    }
    expect(existsSync(join(home, '.claude'))).toBe(false);
    expect(existsSync(join(home, '.codex'))).toBe(false);
  });

  it('without CODEX_HOME uses <home>/.codex/hooks.json; status reports it installed, Claude stays absent', async () => {
    const home = tempHome();
    expect((await cli(['hooks', 'install', '--runtime', 'codex'], { home })).code).toBe(0);
    expect(ours(join(home, '.codex', 'hooks.json'))).toHaveLength(CODEX_INSTALLED_EVENTS.length);
    const status = await cli(['hooks', 'status', '--runtime', 'codex', '--json'], { home });
    expect(JSON.parse(status.stdout)).toMatchObject({ state: 'installed', settingsPath: join(home, '.codex', 'hooks.json'), missing: [] });
    const claude = await cli(['hooks', 'status', '--json'], { home });
    expect(JSON.parse(claude.stdout)).toMatchObject({ state: 'absent' });
  });

  it("keeps the user's hooks; uninstall leaves exactly the bytes that were there", async () => {
    const home = tempHome();
    const file = join(home, '.codex', 'hooks.json');
    mkdirSync(join(home, '.codex'), { recursive: true });
    writeFileSync(file, USER_HOOKS);
    expect((await cli(['hooks', 'install', '--runtime', 'codex'], { home })).code).toBe(0);
    expect(read(file).hooks['Stop']?.[0]?.hooks[0]?.command).toBe('notify-send codex-done');
    const again = await cli(['hooks', 'install', '--runtime', 'codex'], { home });
    expect(again.stdout).toContain('nothing to change');
    const run = await cli(['hooks', 'uninstall', '--runtime', 'codex'], { home });
    expect(run.stdout).toContain('exactly what it was before install');
    expect(readFileSync(file, 'utf8')).toBe(USER_HOOKS);
  });

  it('uninstall of an install into no file leaves no file', async () => {
    const home = tempHome();
    await cli(['hooks', 'install', '--runtime', 'codex'], { home });
    await cli(['hooks', 'uninstall', '--runtime', 'codex'], { home });
    expect(existsSync(join(home, '.codex', 'hooks.json'))).toBe(false);
  });

  it('refuses a runtime it does not know', async () => {
    const run = await cli(['hooks', 'install', '--runtime', 'kiro'], { home: tempHome() });
    expect(run.code).not.toBe(0);
  });
});
