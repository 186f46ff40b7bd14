/** `trailboss doctor` against healthy and broken set-ups: each problem named with its fix, exit 1; advice exits 0. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTmuxVersion } from '../../main/cli/doctor/checks/tmux.ts';
import { forwarderEntries } from '../../main/engine/hooks/hook-command.ts';
import { INSTALLED_EVENTS } from '../../main/engine/hooks/install.ts';
import { hookCommandsFor } from '../../main/engine/hooks/runtime-layout.ts';
import { namedSleeper, showFixtureCommand } from '../support/fake-agent-binary.ts';
import { cli } from '../support/cli-context.ts';
import { startPrivateTmux, type PrivateTmux } from '../support/tmux-server.ts';

interface Report {
  ok: boolean;
  checks: { id: string; status: 'ok' | 'problem' | 'advice'; detail: string; fix: string | null }[];
}

let tmux: PrivateTmux | null = null;
afterEach(async () => {
  await tmux?.kill();
  tmux = null;
});

/** A fresh home with its own (not yet running) tmux socket path, so the user's server is never looked at. */
function setup(): { home: string; socket: string } {
  const home = mkdtempSync(join(tmpdir(), 'tb-doctor-'));
  return { home, socket: join(home, 'no-server') };
}

async function doctor(
  home: string,
  socket: string,
  env: Record<string, string> = {},
): Promise<{ code: number; report: Report; stdout: string }> {
  const run = await cli(['doctor', '--json', '--tmux-socket', socket], { home, env: { TRAILBOSS_HOME: join(home, 'tb'), ...env } });
  return { code: run.code, report: JSON.parse(run.stdout) as Report, stdout: run.stdout };
}

const check = (report: Report, id: string) => report.checks.find((c) => c.id === id);

describe('trailboss doctor', () => {
  it('on a healthy set-up without hooks: only advice, exit 0; finds the agent pane per runtime', async () => {
    tmux = await startPrivateTmux({ socketPath: join(mkdtempSync(join(tmpdir(), 'tb-doctor-tmux-')), 'sock') });
    const claude = namedSleeper(tmux.dir, 'claude');
    await tmux.newPane(showFixtureCommand(join(import.meta.dirname, '../fixtures/panes/claude/idle-after-turn.txt'), claude), {
      width: 120,
      height: 40,
    });
    if (tmux.server.kind !== 'socket') throw new Error('needs a socket path');
    const { code, report } = await doctor(tmux.dir, tmux.server.path);
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(check(report, 'tmux')).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^tmux \d+\.\d+.* at \/.*tmux \(needs 3\.2 or newer\)$/),
    });
    expect(check(report, 'tmux-servers')).toMatchObject({ status: 'ok', detail: expect.stringContaining(`${tmux.server.path}: 1 pane`) });
    expect(check(report, 'agent-panes')).toMatchObject({ status: 'ok', detail: 'claude: 1' });
    expect(check(report, 'claude-hooks')).toMatchObject({ status: 'advice', fix: 'trailboss hooks install' });
    expect(check(report, 'engine')).toMatchObject({ status: 'advice', fix: expect.stringContaining('trailboss daemon') });
    for (const id of ['node', 'data-dir', 'database', 'config', 'ui']) expect(check(report, id)?.status).toBe('ok');
  }, 30_000);

  it('advises the Codex hooks and the opencode plugin only to a user who has Codex or opencode, until installed', async () => {
    const { home, socket } = setup();
    const none = await doctor(home, socket);
    expect(check(none.report, 'codex-hooks')).toMatchObject({ status: 'ok', detail: expect.stringContaining('Codex is not set up') });
    expect(check(none.report, 'opencode-plugin')).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining('opencode is not set up'),
    });

    mkdirSync(join(home, '.codex'));
    mkdirSync(join(home, '.config', 'opencode'), { recursive: true });
    const before = await doctor(home, socket);
    expect(before.code).toBe(0);
    expect(check(before.report, 'codex-hooks')).toMatchObject({ status: 'advice', fix: expect.stringContaining('--runtime codex') });
    expect(check(before.report, 'opencode-plugin')).toMatchObject({ status: 'advice', fix: 'trailboss hooks install --runtime opencode' });

    const env = { TRAILBOSS_HOME: join(home, 'tb') };
    for (const runtime of ['codex', 'opencode'])
      expect((await cli(['hooks', 'install', '--runtime', runtime], { home, env })).code).toBe(0);
    const after = await doctor(home, socket);
    expect(check(after.report, 'codex-hooks')).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining(join(home, '.codex', 'hooks.json')),
    });
    expect(check(after.report, 'opencode-plugin')).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining(join(home, '.config', 'opencode', 'plugins', 'trailboss.js')),
    });
  }, 30_000);

  it('advises Gemini CLI, Qwen Code and Copilot CLI hooks only to a user who has that agent, until installed', async () => {
    const { home, socket } = setup();
    const ids = { gemini: '.gemini', qwen: '.qwen', copilot: '.copilot' } as const;
    const none = await doctor(home, socket);
    for (const id of Object.keys(ids))
      expect(check(none.report, `${id}-hooks`)).toMatchObject({ status: 'ok', detail: expect.stringContaining('is not set up') });
    for (const dir of Object.values(ids)) mkdirSync(join(home, dir));
    const before = await doctor(home, socket);
    expect(before.code).toBe(0);
    for (const id of Object.keys(ids))
      expect(check(before.report, `${id}-hooks`)).toMatchObject({ status: 'advice', fix: `trailboss hooks install --runtime ${id}` });
    const env = { TRAILBOSS_HOME: join(home, 'tb') };
    for (const id of Object.keys(ids)) expect((await cli(['hooks', 'install', '--runtime', id], { home, env })).code).toBe(0);
    const after = await doctor(home, socket);
    expect(check(after.report, 'gemini-hooks')).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining(join(home, '.gemini', 'settings.json')),
    });
    expect(check(after.report, 'qwen-hooks')).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining(join(home, '.qwen', 'settings.json')),
    });
    expect(check(after.report, 'copilot-hooks')).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining(join(home, '.copilot', 'hooks', 'trailboss.json')),
    });
  }, 60_000);

  it('flags Claude hooks that point into an AppImage mount that is gone, naming the .deb and the npm CLI', async () => {
    const { home, socket } = setup();
    const mount = join(home, '.mount_TrailBa1b2c3');
    const layout = { kind: 'packaged', execPath: join(mount, 'trailboss-app'), resourcesPath: join(mount, 'resources') } as const;
    const { forwarder } = hookCommandsFor(layout, join(home, 'tb', 'endpoint.json'));
    const hooks: Record<string, unknown[]> = {};
    for (const e of forwarderEntries(forwarder, INSTALLED_EVENTS))
      hooks[e.event] = [{ hooks: [{ type: 'command', command: e.command, timeout: e.timeoutSec }] }];
    mkdirSync(join(home, '.claude'), { recursive: true });
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ hooks }, null, 2));
    const { code, report } = await doctor(home, socket);
    expect(check(report, 'claude-hooks')).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining(`AppImage mount that is gone (${mount})`),
      fix: expect.stringContaining('.deb'),
    });
    expect(code).toBe(1);
  }, 30_000);

  it('names a missing tmux with how to fix it, and exits 1', async () => {
    const { home, socket } = setup();
    // PATH alone no longer hides tmux (the login shell's PATH and the usual places are searched, as
    // the desktop app does): a tmux.path naming no file is "not found" from here.
    mkdirSync(join(home, 'tb'));
    writeFileSync(join(home, 'tb', 'config.json'), JSON.stringify({ tmux: { path: '/nonexistent/tmux' } }));
    const { code, report } = await doctor(home, socket, { PATH: join(home, 'empty-bin') });
    expect(code).toBe(1);
    expect(check(report, 'tmux')).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('tmux not found'),
      fix: expect.stringContaining('tmux.path'),
    });
    expect(check(report, 'agent-panes')).toMatchObject({ status: 'advice', detail: 'not checked: tmux is not installed' });
  });

  it('says where the desktop app’s log file is', async () => {
    const { home, socket } = setup();
    const { report } = await doctor(home, socket);
    expect(check(report, 'log-file')).toMatchObject({
      status: 'advice',
      detail: expect.stringContaining(join(home, 'tb', 'logs', 'trailboss.log')),
    });
  });

  it('names a corrupt database with how to move it aside, and exits 1', async () => {
    const { home, socket } = setup();
    mkdirSync(join(home, 'tb'));
    writeFileSync(join(home, 'tb', 'trailboss.db'), 'this is not a database, it only has its name'.repeat(10));
    const { code, report } = await doctor(home, socket);
    expect(code).toBe(1);
    expect(check(report, 'database')).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('not a database'),
      fix: expect.stringContaining('.broken'),
    });
  });

  it('names each config error with where it is, and exits 1', async () => {
    const { home, socket } = setup();
    mkdirSync(join(home, 'tb'));
    writeFileSync(join(home, 'tb', 'config.json'), '{"tmux": {"captureMode": "turbo"}}');
    const { code, report } = await doctor(home, socket);
    expect(code).toBe(1);
    expect(check(report, 'config')).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('tmux.captureMode'),
      fix: expect.stringContaining('config.json'),
    });
  });

  it('names a data directory that is not a directory, and exits 1', async () => {
    const { home, socket } = setup();
    writeFileSync(join(home, 'tb'), 'a file where the data directory should be');
    const { code, report } = await doctor(home, socket);
    expect(code).toBe(1);
    expect(check(report, 'data-dir')).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('is not a directory'),
      fix: expect.stringContaining('TRAILBOSS_HOME'),
    });
  });

  it('prints a text report with each fix under its check', async () => {
    const { home, socket } = setup();
    const run = await cli(['doctor', '--tmux-socket', socket], { home, env: { TRAILBOSS_HOME: join(home, 'tb') } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/advice\s+Claude hooks\s+not installed.*\n\s+fix: trailboss hooks install\n/);
    expect(run.stdout).toMatch(/No problems; \d+ pieces of advice\.\n$/);
  });

  it('reads tmux versions as tmux prints them', () => {
    expect(parseTmuxVersion('tmux 3.3a')).toEqual({ major: 3, minor: 3 });
    expect(parseTmuxVersion('tmux next-3.6')).toEqual({ major: 3, minor: 6 });
    expect(parseTmuxVersion('tmux master')).toBeNull();
  });
});
