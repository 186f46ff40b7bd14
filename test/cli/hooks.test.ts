/**
 * `trailboss hooks install | uninstall | status`, in-process on temp homes (never the real
 * ~/.claude): direct edits of Claude's settings with no engine running, and where status takes
 * the last hook times from (engine, store file, nothing).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOK_PATH } from '../../main/engine/http/endpoint-file.ts';
import { INSTALLED_EVENTS } from '../../main/engine/hooks/install.ts';
import { systemClock } from '../../main/engine/platform/clock.ts';
import { silentLogger } from '../../main/engine/platform/log.ts';
import { openStore } from '../../main/engine/store/index.ts';
import { cli } from '../support/cli-context.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { postJson } from '../engine/http/http-helpers.ts';
import { hookExample } from '../engine/hooks/fixture-hooks.ts';
import { poll } from '../support/poll.ts';

const dirs: string[] = [];
let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-cli-hooks-'));
  dirs.push(dir);
  return dir;
}

/** A settings file a real user might have: their own hooks, permissions, tabs for indentation. */
const USER_SETTINGS = [
  '{',
  '\t"model": "opus",',
  '\t"permissions": { "allow": ["Bash(npm test:*)"], "deny": [] },',
  '\t"hooks": {',
  '\t\t"Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }],',
  '\t\t"PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "~/bin/audit-bash.sh", "timeout": 10 }] }]',
  '\t}',
  '}',
  '',
].join('\n');

interface SettingsShape {
  hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]>;
}

function settings(file: string): SettingsShape {
  return JSON.parse(readFileSync(file, 'utf8')) as SettingsShape;
}

function ourCommands(file: string): string[] {
  return Object.values(settings(file).hooks)
    .flat()
    .flatMap((g) => g.hooks.map((x) => x.command))
    .filter((c) => c.endsWith('# trailboss:hook'));
}

describe('trailboss hooks install / uninstall', () => {
  it('installs into $CLAUDE_CONFIG_DIR/settings.json, one forwarder per event, with absolute paths and this home’s endpoint', async () => {
    const home = tempHome();
    const claudeDir = join(home, 'claude-config');
    const run = await cli(['hooks', 'install'], { home, env: { CLAUDE_CONFIG_DIR: claudeDir } });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const file = join(claudeDir, 'settings.json');
    expect(run.stdout).toContain(file);
    expect(run.stdout).toContain('there was no settings file before');
    expect(Object.keys(settings(file).hooks).sort()).toEqual([...INSTALLED_EVENTS].sort());
    const commands = ourCommands(file);
    expect(commands).toHaveLength(INSTALLED_EVENTS.length);
    for (const command of commands) {
      expect(command).toContain(`'${resolve('node_modules/node/bin/node')}' '${resolve('bin/trailboss-hook.mjs')}'`);
      expect(command).toContain(`--endpoint '${join(home, 'endpoint.json')}'`);
    }
    expect(existsSync(join(home, '.claude'))).toBe(false);
  });

  it('without CLAUDE_CONFIG_DIR uses <home>/.claude/settings.json', async () => {
    const home = tempHome();
    const run = await cli(['hooks', 'install'], { home });
    expect(run.code).toBe(0);
    expect(ourCommands(join(home, '.claude', 'settings.json'))).toHaveLength(INSTALLED_EVENTS.length);
  });

  it("keeps the user's own hooks and settings, backs up first, and a second install changes nothing", async () => {
    const home = tempHome();
    const file = join(home, '.claude', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, USER_SETTINGS);
    expect((await cli(['hooks', 'install'], { home })).code).toBe(0);
    const after = settings(file) as SettingsShape & { model: string; permissions: unknown };
    expect(after.model).toBe('opus');
    expect(after.permissions).toEqual({ allow: ['Bash(npm test:*)'], deny: [] });
    expect(after.hooks['Stop']?.[0]?.hooks[0]?.command).toBe('notify-send done');
    expect(after.hooks['PreToolUse']?.[0]).toMatchObject({ matcher: 'Bash', hooks: [{ command: '~/bin/audit-bash.sh' }] });
    const backups = readdirSync(dirname(file)).filter((n) => n.includes('trailboss-backup'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(dirname(file), backups[0] as string), 'utf8')).toBe(USER_SETTINGS);

    const installed = readFileSync(file, 'utf8');
    const again = await cli(['hooks', 'install'], { home });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing to change');
    expect(readFileSync(file, 'utf8')).toBe(installed);
  });

  it('uninstall leaves exactly the bytes that were there before install', async () => {
    const home = tempHome();
    const file = join(home, '.claude', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, USER_SETTINGS);
    await cli(['hooks', 'install'], { home });
    const run = await cli(['hooks', 'uninstall'], { home });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('exactly what it was before install');
    expect(readFileSync(file, 'utf8')).toBe(USER_SETTINGS);
  });

  it('adds the SessionStart `prime` entry that briefs a restarted session, and uninstall takes it away', async () => {
    const home = tempHome();
    await cli(['hooks', 'install'], { home });
    const file = join(home, '.claude', 'settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    const sessionStart = (settings.hooks['SessionStart'] ?? []).flatMap((g) => g.hooks.map((h) => h.command));
    expect(sessionStart.filter((c) => c.endsWith('# trailboss:prime'))).toHaveLength(1);
    expect(sessionStart.find((c) => c.endsWith('# trailboss:prime'))).toMatch(
      /'[^']*node' '[^']*\/bin\/trailboss\.mjs' prime # trailboss:prime$/,
    );
    await cli(['hooks', 'uninstall'], { home });
    expect(existsSync(file) ? readFileSync(file, 'utf8') : '').not.toContain('trailboss:prime');
  });

  it('uninstall removes the file install created', async () => {
    const home = tempHome();
    await cli(['hooks', 'install'], { home });
    expect((await cli(['hooks', 'uninstall'], { home })).code).toBe(0);
    expect(existsSync(join(home, '.claude', 'settings.json'))).toBe(false);
  });

  it('refuses a malformed settings file with a clear error and changes nothing', async () => {
    const home = tempHome();
    const file = join(home, '.claude', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    const broken = '{ "model": "opus", "hooks": { ';
    writeFileSync(file, broken);
    for (const sub of ['install', 'uninstall']) {
      const run = await cli(['hooks', sub], { home });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`${file} is not valid JSON`);
      expect(run.stderr).toContain('nothing was changed');
    }
    expect(readFileSync(file, 'utf8')).toBe(broken);
    expect(readdirSync(dirname(file))).toEqual(['settings.json']);
  });

  it('names a missing or unknown subcommand as a usage error', async () => {
    const home = tempHome();
    expect(await cli(['hooks'], { home })).toMatchObject({ code: 2 });
    expect(await cli(['hooks', 'reinstall'], { home })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown hooks command 'reinstall'"),
    });
  });
});

describe('trailboss hooks status', () => {
  it('says absent, then installed, and "no events seen" with no engine and no store', async () => {
    const home = tempHome();
    const before = JSON.parse((await cli(['hooks', 'status', '--json'], { home })).stdout) as Record<string, unknown>;
    expect(before).toMatchObject({ state: 'absent', events: [], lastHookAt: null, lastHookSource: 'none' });
    await cli(['hooks', 'install'], { home });
    const after = JSON.parse((await cli(['hooks', 'status', '--json'], { home })).stdout) as Record<string, unknown>;
    expect(after).toMatchObject({ state: 'installed', missing: [], lastHookAt: null, lastHookSource: 'none', problem: null });
    expect(after['events']).toEqual(INSTALLED_EVENTS);
    const text = await cli(['hooks', 'status'], { home });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Claude Code hooks: installed');
    expect(text.stdout).toContain('last hook: no events seen');
  });

  it('reports a malformed settings file as a problem (exit 0, nothing changed)', async () => {
    const home = tempHome();
    const file = join(home, '.claude', 'settings.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '[1, 2');
    const run = await cli(['hooks', 'status', '--json'], { home });
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { problem: string }).problem).toContain('is not valid JSON');
    expect(readFileSync(file, 'utf8')).toBe('[1, 2');
  });

  it('with no engine running, takes the last event times from the store file', async () => {
    const home = tempHome();
    const store = openStore(join(home, 'trailboss.db'), { clock: systemClock, logger: silentLogger });
    store.hooks.recordEvent('Stop', 1_800_000_000_000);
    store.hooks.recordEvent('Stop', 1_800_000_005_000);
    store.hooks.recordEvent('PermissionRequest', 1_800_000_001_000);
    store.close();
    await cli(['hooks', 'install'], { home });
    const status = JSON.parse((await cli(['hooks', 'status', '--json'], { home })).stdout) as {
      lastHookAt: number;
      lastHookSource: string;
      details: { event: string; count: number; lastAt: number | null }[];
    };
    expect(status.lastHookSource).toBe('store');
    expect(status.lastHookAt).toBe(1_800_000_005_000);
    expect(status.details.find((d) => d.event === 'Stop')).toMatchObject({ count: 2, lastAt: 1_800_000_005_000 });
    expect(status.details.find((d) => d.event === 'SessionEnd')).toMatchObject({ count: 0, lastAt: null });
  });

  it('with an engine running, asks the engine when the last hook arrived', async () => {
    h = await startEngineHarness({ api: true });
    const home = join(h.home, 'tb');
    const before = JSON.parse((await cli(['hooks', 'status', '--json'], { home })).stdout) as Record<string, unknown>;
    expect(before).toMatchObject({ lastHookSource: 'engine', lastHookAt: null });
    const envelope = { v: 1, event: 'Stop', tmuxPane: null, tmuxSocket: null, ppid: null, payload: hookExample('Stop.json') };
    const res = await postJson(h.engine.apiPort!, HOOK_PATH, h.engine.apiToken!, envelope);
    expect(res.status).toBe(202);
    const after = await poll(async () => {
      const s = JSON.parse((await cli(['hooks', 'status', '--json'], { home })).stdout) as {
        lastHookAt: number | null;
        lastHookSource: string;
      };
      return s.lastHookAt !== null ? s : null;
    }, 'the hook in hooks status');
    expect(after.lastHookSource).toBe('engine');
    const engineView = await h.engine.api['hooks:status']({});
    expect(engineView.ok && engineView.value.lastHookAt).toBe(after.lastHookAt);
  });
});
