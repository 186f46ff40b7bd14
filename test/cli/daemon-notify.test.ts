/** `trailboss daemon --notify` as a real process (no Electron): its notifications reach dunst on a private bus, and their buttons work. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { daemonNotifies } from '../../main/cli/commands/daemon-notify.ts';
import { poll } from '../support/poll.ts';
import { startPrivateDesktop } from '../support/desktop-bus.ts';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { startPrivateTmux } from '../support/tmux-server.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('daemonNotifies', () => {
  it('notifies with the flag, or when the config says true; "auto" and false leave it to the flag', () => {
    expect(daemonNotifies(true, 'auto')).toBe(true);
    expect(daemonNotifies(true, false)).toBe(true);
    expect(daemonNotifies(false, true)).toBe(true);
    expect(daemonNotifies(false, 'auto')).toBe(false);
    expect(daemonNotifies(false, false)).toBe(false);
  });
});

describe('trailboss daemon --notify', () => {
  it('shows the prompt in dunst, Approve from the notification sends one key, SIGTERM closes the notification', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-daemon-notify-'));
    const desktop = await startPrivateDesktop({ dunst: true });
    const tmux = await startPrivateTmux({ socketPath: join(home, 'tmux.sock') });
    let child: ReturnType<typeof spawn> | null = null;
    try {
      const agent = await startScriptedAgent(tmux, claudePermBash(), { session: 'api-worker' });
      const env = {
        ...process.env,
        TRAILBOSS_HOME: join(home, 'tb'),
        HOME: home,
        TMUX: '',
        TMUX_PANE: '',
        DBUS_SESSION_BUS_ADDRESS: desktop.busAddress,
      };
      const proc = spawn(
        join(ROOT, 'node_modules', '.bin', 'node'),
        [join(ROOT, 'bin', 'trailboss.mjs'), 'daemon', '--notify', '--tmux-socket', join(home, 'tmux.sock')],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = proc;
      let out = '';
      proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
      await poll(() => out.includes('with Approve/Deny/Jump buttons'), `the daemon's notifications (${out})`, { timeoutMs: 20_000 });
      const approve = await poll(
        async () => (await desktop.menu()).find((e) => e.key.startsWith('approve-') && e.label === 'Approve: Yes'),
        'the Approve button in dunst',
        { timeoutMs: 20_000 },
      );
      await desktop.invoke(approve.id, approve.key);
      await agent.waitForState('approved', { timeoutMs: 15_000 });
      expect(await agent.keyNames()).toEqual(['1']);
      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
      child = null;
      expect(await desktop.displayed()).toBe(0);
    } finally {
      child?.kill('SIGKILL');
      await tmux.kill();
      await desktop.kill();
      rmSync(home, { recursive: true, force: true });
    }
    // Its own deadlines (daemon up, dunst's menu, the key) add up past the suite's 20 s default on a loaded machine.
  }, 90_000);
});
