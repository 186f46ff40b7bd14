/**
 * The desktop shell end to end, where the Electron binary is installed: the real app with its
 * engine in-process, watching a scripted Claude agent on a private tmux socket, with a temp
 * TRAILBOSS_HOME. Where Electron is not installed every test is skipped, and the run says so.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { flattenMenu } from '../../../main/shell/tray/tray-menu.ts';
import { notificationTag } from '../../../main/engine/notify/notification-text.ts';
import { startScriptedAgent, type ScriptedAgent } from '../../support/scripted-agent/start.ts';
import { claudePermBash } from '../../support/scenarios/claude.ts';
import { startPrivateTmux, type PrivateTmux } from '../../support/tmux-server.ts';
import { announceSkip, electronBinary, isUnrunnable } from './support/electron-binary.ts';
import { buildOnce, hookReady, launchShell, type ShellApp } from './support/shell-app.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const binary = electronBinary();
if (!binary.ok) announceSkip(binary.reason);

test.describe('Electron shell', () => {
  test.skip(!binary.ok, binary.ok ? '' : `Electron binary not installed on this machine — ran nothing (${binary.reason})`);

  let tmux: PrivateTmux;
  let agent: ScriptedAgent;
  let shell: ShellApp | null = null;
  let jumpFile: string;

  test.beforeEach(async () => {
    if (!binary.ok) return;
    // A socket path (`--tmux-socket`), short enough for the 104-byte limit of macOS.
    tmux = await startPrivateTmux({ socketPath: join(tmpdir(), `tb-e2e-${randomBytes(4).toString('hex')}.sock`) });
    agent = await startScriptedAgent(tmux, claudePermBash(), { session: 'api-worker' });
    jumpFile = join(tmux.dir, 'jumped-to');
    const main = await buildOnce();
    // The "terminal" records which pane it was opened on: portable, and no window is needed.
    const terminal = ['/bin/sh', '-c', `printf %s "$1" > '${jumpFile}'`, 'sh', '{target}'];
    try {
      shell = await launchShell({
        binary: binary.path,
        main,
        socket: tmux.name,
        config: { terminal: { linux: terminal, darwin: terminal } },
      });
    } catch (err) {
      if (isUnrunnable(err)) test.skip(true, announceSkip(`launch failed: ${err instanceof Error ? err.message : String(err)}`));
      throw err;
    }
    await expect.poll(() => hookReady((shell as ShellApp).app), { timeout: 30_000 }).toBe(true);
  });

  test.afterEach(async () => {
    await shell?.close();
    shell = null;
    await tmux?.kill();
  });

  const waitingItem = async () => {
    await expect.poll(async () => (await (shell as ShellApp).snapshot()).menu?.count ?? 0, { timeout: 30_000 }).toBe(1);
    const menu = (await (shell as ShellApp).snapshot()).menu;
    const sub = menu?.entries.find((e) => e.type === 'submenu' && e.id.startsWith('item:'));
    return { menu, itemId: (sub?.id ?? '').slice('item:'.length) };
  };

  test('the tray menu lists the waiting agent with the exact single-use approve label', async () => {
    const { menu, itemId } = await waitingItem();
    const entries = flattenMenu(menu?.entries ?? []);
    expect(entries.find((e) => e.id === `item:${itemId}:approve`)?.label).toBe('Approve: Yes');
    expect(entries.find((e) => e.id === `item:${itemId}:deny`)?.label).toBe('Deny: No');
    expect(entries.map((e) => e.id)).toEqual(expect.arrayContaining(['open-queue', 'settings', 'quit']));
  });

  test('a notification is raised for the new item, naming agent and command', async () => {
    const { itemId } = await waitingItem();
    await expect
      .poll(
        async () =>
          (await (shell as ShellApp).snapshot()).notifications.filter((o) => o.op === 'show' && o.tag === notificationTag(itemId)).length,
      )
      .toBeGreaterThan(0);
    const op = (await (shell as ShellApp).snapshot()).notifications.find((o) => o.op === 'show' && o.tag === notificationTag(itemId));
    expect(op?.op === 'show' && op.text.sentence).toBe('claude · api-worker wants to run `ls -la /tmp`');
  });

  test('the jump hotkey jumps to the oldest waiting pane', async () => {
    await waitingItem();
    const hotkeys = (await (shell as ShellApp).snapshot()).hotkeys;
    // Registered, or saying why not — never silent.
    for (const h of hotkeys) expect(h.registered || h.problem !== null, JSON.stringify(h)).toBe(true);
    await (shell as ShellApp).pressHotkey('jumpOldest');
    await expect.poll(() => (existsSync(jumpFile) ? readFileSync(jumpFile, 'utf8') : ''), { timeout: 10_000 }).toBe(agent.paneId);
    const [jump] = await (shell as ShellApp).jumpReports();
    expect(jump?.report.plan?.kind).toBe('open-terminal');
  });

  test('approve from the tray sends exactly the single-use key and the item leaves', async () => {
    const { menu, itemId } = await waitingItem();
    const approve = flattenMenu(menu?.entries ?? []).find((e) => e.id === `item:${itemId}:approve`);
    const result = await (shell as ShellApp).act(approve?.action as never);
    expect(result).toMatchObject({ kind: 'outcome', outcome: { outcome: 'confirmed' } });
    expect(await agent.keyNames()).toEqual(['1']);
    await expect.poll(async () => (await (shell as ShellApp).snapshot()).menu?.count, { timeout: 15_000 }).toBe(0);
  });

  test('the queue window is sandboxed and sees only the contract', async () => {
    expect(existsSync(join(ROOT, 'dist', 'renderer', 'index.html')), 'build the renderer first: npx vite build').toBe(true);
    const app = (shell as ShellApp).app;
    const opened = app.waitForEvent('window');
    await (shell as ShellApp).act({ kind: 'open-queue', itemId: null });
    const page = await opened;
    await page.waitForLoadState('domcontentloaded');
    expect(page.url()).toMatch(/^app:\/\/trailboss\/index\.html#view=queue/);
    expect(
      await page.evaluate(() => [
        typeof (globalThis as Record<string, unknown>)['require'],
        typeof (globalThis as Record<string, unknown>)['process'],
      ]),
    ).toEqual(['undefined', 'undefined']);
    expect(
      await page.evaluate(() => Object.keys((globalThis as unknown as { trailboss: { api: object } }).trailboss.api).length),
    ).toBeGreaterThan(10);
    // Navigation away is blocked: the page stays ours.
    await page.evaluate(() => void (location.href = 'https://example.com/'));
    await expect.poll(() => page.url()).toMatch(/^app:\/\/trailboss\//);
  });
});
