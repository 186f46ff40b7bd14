/**
 * The bundled app (dist/main/shell/main.js built into a temp dir) booted under plain Node with an
 * Electron stand-in: the real composition root, the real engine in-process, and a scripted Claude
 * agent on a private tmux socket. Electron itself cannot run here; this is the closest check of
 * the wiring (tray, notifications, hotkeys, IPC, window security, quit).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../preload/contract/channels.ts';
import { buildShell } from '../../scripts/build-shell.mjs';
import { claudePermBash } from '../support/scenarios/claude.ts';
import { startScriptedAgent, type ScriptedAgent } from '../support/scripted-agent/start.ts';
import { startPrivateTmux, type PrivateTmux } from '../support/tmux-server.ts';
import { StubbedShell, type StubEvent } from './support/stubbed-shell.ts';
import { poll } from '../support/poll.ts';

type MenuItem = { id?: string; label?: string; enabled: boolean; submenu?: MenuItem[] };
const flat = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...(i.submenu ? flat(i.submenu) : [])]);
const menuOf = (e: StubEvent | undefined): MenuItem[] => flat((e?.menu as MenuItem[] | undefined) ?? []);

const ROOT = join(import.meta.dirname, '..', '..');

let out: string;
let home: string;
let tmux: PrivateTmux;
let agent: ScriptedAgent;
let shell: StubbedShell;
let jumpFile: string;

beforeAll(async () => {
  // Inside the repository: the bundle finds Trail Boss's package.json above itself (packageRoot).
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  out = mkdtempSync(join(ROOT, 'test-results', 'tb-smoke-build-'));
  home = mkdtempSync(join(tmpdir(), 'tb-smoke-home-'));
  const { main } = await buildShell({ outDir: out });
  tmux = await startPrivateTmux({ socketPath: join(tmpdir(), `tb-smoke-${randomBytes(4).toString('hex')}.sock`) });
  agent = await startScriptedAgent(tmux, claudePermBash(), { session: 'api-worker' });
  jumpFile = join(home, 'jumped-to');
  const terminal = ['/bin/sh', '-c', `printf %s "$1" > '${jumpFile}'`, 'sh', '{target}'];
  writeFileSync(join(home, 'config.json'), JSON.stringify({ terminal: { linux: terminal } }));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !['TMUX', 'TMUX_PANE', 'DISPLAY', 'WAYLAND_DISPLAY', 'XDG_CONFIG_HOME', 'DBUS_SESSION_BUS_ADDRESS'].includes(k))
      env[k] = v;
  // Never the real home: the engine looks for Claude's files under $HOME.
  Object.assign(env, { TRAILBOSS_HOME: home, HOME: home, XDG_SESSION_TYPE: 'x11', STUB_TAKEN_SHORTCUTS: 'CommandOrControl+Alt+Shift+K' });
  // Started as the login item starts it: no window until asked (started by hand it would open the queue).
  shell = new StubbedShell(main, ['--tmux-socket', tmux.name, '--at-login'], env);
  await shell.waitFor('ready');
}, 60_000);

afterAll(async () => {
  await shell?.kill();
  await tmux?.kill();
  rmSync(out, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

/** The id of the one queue item, once the tray shows it. */
async function itemId(): Promise<string> {
  const tray = await shell.waitFor('tray-menu', (e) => menuOf(e).some((i) => i.label === 'Approve: Yes'), 30_000);
  const approve = menuOf(tray).find((i) => i.label === 'Approve: Yes');
  return (approve?.id ?? '').replace(/^item:(.*):approve$/, '$1');
}

describe('the bundled app booted with an Electron stand-in', () => {
  it('runs menu-bar style: scheme registered before ready, CSP hook, permissions denied, userData under the home', async () => {
    // The session's hooks are set once the app is ready, after the `ready` this file waited for: under load they come later.
    for (const ev of ['csp-hook', 'permissions-denied', 'protocol']) await shell.waitFor(ev, undefined, 30_000);
    const names = shell.events.map((e) => e.ev);
    expect(names.indexOf('schemes')).toBeLessThan(names.indexOf('ready'));
    expect(shell.events.find((e) => e.ev === 'set-path')).toMatchObject({ name: 'userData', value: join(home, 'electron') });
    expect(names).toEqual(expect.arrayContaining(['csp-hook', 'permissions-denied', 'protocol']));
  });

  it('started at login it opens no window; it writes its log file under the home; it listens for shutdown', async () => {
    const file = join(home, 'logs', 'trailboss.log');
    await poll(() => existsSync(file) && readFileSync(file, 'utf8').includes('"event":"shell.started"'), 'shell.started in the log file', {
      timeoutMs: 30_000,
    });
    expect(shell.events.some((e) => e.ev === 'window-create')).toBe(false);
    const log = readFileSync(file, 'utf8');
    expect(log).toContain('"event":"shell.tmux.found"');
    expect(shell.events.find((e) => e.ev === 'power-monitor-on')).toMatchObject({ name: 'shutdown' });
  });

  it('registers an IPC handler for exactly the contract’s channels', async () => {
    await poll(() => shell.events.filter((e) => e.ev === 'ipc-handle').length === CHANNEL_NAMES.length, 'every IPC channel handled');
    expect(
      shell.events
        .filter((e) => e.ev === 'ipc-handle')
        .map((e) => e.channel)
        .sort(),
    ).toEqual([...CHANNEL_NAMES].sort());
  });

  it('shows the waiting agent in the tray with the exact approve label, and a drawn icon', async () => {
    const id = await itemId();
    expect(id).not.toBe('');
    const reps = shell.last('tray-image')?.reps as { scaleFactor: number; bytes: number }[];
    expect(reps.map((r) => r.scaleFactor)).toEqual([1, 2]);
    expect(shell.last('tray-tooltip')?.toolTip).toBe('Trail Boss — 1 agent is waiting');
  });

  it('raises one notification naming agent and command', async () => {
    const id = await itemId();
    const shown = await shell.waitFor('notification-show', (e) => e.id === `trailboss-item-${id}`);
    expect(shown).toMatchObject({ title: 'claude · api-worker', body: expect.stringMatching(/^wants to run `ls -la \/tmp`\n/) });
  });

  it('registers the hotkeys, and one the OS refused is reported, not silent', async () => {
    await shell.waitFor('shortcut', (e) => e.accelerator === 'CommandOrControl+Alt+Shift+J');
    expect(shell.events.filter((e) => e.ev === 'shortcut').map((e) => [e.accelerator, e.ok])).toEqual([
      ['CommandOrControl+Alt+Shift+J', true],
      ['CommandOrControl+Alt+Shift+K', false],
    ]);
  });

  it('refuses IPC from anything but its own window', async () => {
    const answer = await shell.command({
      cmd: 'ipc',
      channel: 'queue:list',
      args: {},
      senderId: 999,
      frameUrl: 'app://trailboss/index.html',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('opens a sandboxed window on the item from the tray, which may call the API and nothing else', async () => {
    const id = await itemId();
    await shell.command({ cmd: 'click', id: `item:${id}:open` });
    const created = await shell.waitFor('window-create');
    expect(created.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: true,
      devTools: true,
    });
    expect(created.icon).toMatchObject({ png: true });
    const loaded = await shell.waitFor('window-load');
    expect(loaded.url).toBe(`app://trailboss/index.html#view=queue&item=${encodeURIComponent(id)}`);
    const windowId = created.id as number;
    const settings = await shell.command({ cmd: 'ipc', channel: 'settings:get', args: {}, senderId: windowId });
    // The settings answer carries the shell's hotkey statuses, with the refused one explained.
    expect(
      (settings as { value: { hotkeys: { accelerator: string; registered: boolean; problem: string | null }[] } }).value.hotkeys[1],
    ).toMatchObject({
      accelerator: 'CommandOrControl+Alt+Shift+K',
      registered: false,
      problem: expect.stringContaining('taken by another app'),
    });
    expect((settings as { value: { logFile: string } }).value.logFile).toBe(join(home, 'logs', 'trailboss.log'));
    expect(await shell.command({ cmd: 'ipc', channel: 'item:approve', args: { id }, senderId: windowId })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    expect(await shell.command({ cmd: 'ipc', channel: 'queue:list', args: {}, senderId: windowId, subFrame: true })).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    expect(await shell.command({ cmd: 'navigate', windowId, url: 'https://example.com/' })).toEqual({ prevented: true });
    expect(await shell.command({ cmd: 'navigate', windowId, url: 'app://trailboss/index.html#view=settings' })).toEqual({
      prevented: false,
    });
    expect(await shell.command({ cmd: 'open-window', windowId, url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });

  it('serves only the renderer build, with the CSP header', async () => {
    expect(await shell.command({ cmd: 'fetch', url: 'app://trailboss/../../../etc/passwd' })).toMatchObject({ status: 404 });
    expect(await shell.command({ cmd: 'fetch', url: 'app://elsewhere/index.html' })).toMatchObject({ status: 404 });
  });

  it('the jump hotkey jumps to the oldest waiting pane (no client: opens the configured terminal on it)', async () => {
    await itemId();
    expect(await shell.command({ cmd: 'hotkey', accelerator: 'CommandOrControl+Alt+Shift+J' })).toEqual({ pressed: true });
    // The pane is named with its own session and window ($s:@w.%p): in events mode its window is also
    // linked into the engine's watcher session, where a bare %p could resolve.
    await poll(
      () => existsSync(jumpFile) && new RegExp(`^\\$\\d+:@\\d+\\.${agent.paneId}$`).test(readFileSync(jumpFile, 'utf8')),
      'terminal command run on the pane',
      { timeoutMs: 15_000 },
    );
  });

  it('approve from the tray sends exactly the single-use key, and the notification is withdrawn', async () => {
    const id = await itemId();
    expect(await shell.command({ cmd: 'click', id: `item:${id}:approve` })).toEqual({ clicked: true });
    await agent.waitForState('approved', { timeoutMs: 10_000 });
    expect(await agent.keyNames()).toEqual(['1']);
    await shell.waitFor('notification-close', (e) => e.id === `trailboss-item-${id}`, 15_000);
    await shell.waitFor('tray-tooltip', (e) => e.toolTip === 'Trail Boss — no agent is waiting', 15_000);
  });

  it('a second launch brings the queue forward', async () => {
    const before = shell.events.filter((e) => e.ev === 'window-show').length;
    await shell.command({ cmd: 'second-instance' });
    await poll(() => shell.events.filter((e) => e.ev === 'window-show').length > before, 'the window shown again');
  });

  it('a system shutdown stops cleanly: tray removed, engine stopped (its lock released), exit code 0', async () => {
    expect(await shell.command({ cmd: 'shutdown' })).toEqual({ prevented: true });
    expect(await shell.exited).toBe(0);
    expect(shell.events.map((e) => e.ev)).toContain('tray-destroy');
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  });
});
