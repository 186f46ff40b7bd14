/**
 * The bundled desktop app (Electron stand-in, real engine) on Linux with a session bus: its
 * notifications go to the freedesktop server (a real dunst on a private bus) instead of Electron's,
 * with buttons, and Approve from the notification sends one key, audited as the notification.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { buildShell } from '../../scripts/build-shell.mjs';
import { poll } from '../support/poll.ts';
import type { PrivateDesktop } from '../support/desktop-bus.ts';
import { startPrivateDesktop } from '../support/desktop-bus.ts';
import { claudePermBash } from '../support/scenarios/claude.ts';
import { startScriptedAgent, type ScriptedAgent } from '../support/scripted-agent/start.ts';
import { startPrivateTmux, type PrivateTmux } from '../support/tmux-server.ts';
import { StubbedShell } from './support/stubbed-shell.ts';

const ROOT = join(import.meta.dirname, '..', '..');

let out: string;
let home: string;
let tmux: PrivateTmux;
let agent: ScriptedAgent;
let shell: StubbedShell;
let desktop: PrivateDesktop;

beforeAll(async () => {
  // Inside the repository: the bundle finds Trail Boss's package.json above itself (packageRoot).
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  out = mkdtempSync(join(ROOT, 'test-results', 'tb-dbus-build-'));
  home = mkdtempSync(join(tmpdir(), 'tb-dbus-home-'));
  const { main } = await buildShell({ outDir: out });
  desktop = await startPrivateDesktop({ dunst: true });
  tmux = await startPrivateTmux({ socketPath: join(tmpdir(), `tb-dbus-${randomBytes(4).toString('hex')}.sock`) });
  agent = await startScriptedAgent(tmux, claudePermBash(), { session: 'api-worker' });
  writeFileSync(join(home, 'config.json'), JSON.stringify({ terminal: { linux: ['/bin/true'] } }));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !['TMUX', 'TMUX_PANE', 'DISPLAY', 'WAYLAND_DISPLAY', 'XDG_CONFIG_HOME'].includes(k)) env[k] = v;
  Object.assign(env, { TRAILBOSS_HOME: home, HOME: home, XDG_SESSION_TYPE: 'x11', DBUS_SESSION_BUS_ADDRESS: desktop.busAddress });
  shell = new StubbedShell(main, ['--tmux-socket', tmux.name], env);
  await shell.waitFor('ready');
}, 60_000);

afterAll(async () => {
  await shell?.kill();
  await tmux?.kill();
  await desktop?.kill();
  rmSync(out, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe('the desktop app on Linux with a notification server that has actions', () => {
  it('shows the item through D-Bus, not Electron, and Approve there sends exactly one key', async () => {
    const approve = await poll(
      async () => (await desktop.menu()).find((e) => e.label === 'Approve: Yes'),
      `the Approve button in dunst (${shell.stderr})`,
      { timeoutMs: 30_000 },
    );
    expect(shell.events.filter((e) => e.ev === 'notification-show')).toEqual([]);
    await desktop.invoke(approve.id, approve.key);
    await agent.waitForState('approved', { timeoutMs: 15_000 });
    expect(await agent.keyNames()).toEqual(['1']);
    const db = new Database(join(home, 'trailboss.db'), { readonly: true });
    try {
      await poll(() => (db.prepare("SELECT count(*) AS n FROM audit WHERE action = 'key'").get() as { n: number }).n > 0, 'the audit row');
      expect(db.prepare("SELECT surface FROM audit WHERE action = 'key'").all()).toEqual([{ surface: 'notification' }]);
    } finally {
      db.close();
    }
  });
});
