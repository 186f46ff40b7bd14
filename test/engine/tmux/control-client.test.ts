import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { MemoryLogger, silentLogger } from '../../../main/engine/platform/log.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { ControlModeClient } from '../../../main/engine/tmux/control-client.ts';
import { listPanesArgs } from '../../../main/engine/tmux/operations.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { describeTmuxClientContract } from './support/client-contract.ts';
import { countingRunner, processCount } from './support/counting-runner.ts';
import { showTextCommand } from './support/pane-programs.ts';
import { poll } from '../../support/poll.ts';

describeTmuxClientContract(
  'control mode',
  (server, runner) => new ControlModeClient(server, runner, { logger: silentLogger, clock: systemClock }),
);

/** A client with change events that follows every pane before each call: user windows linked into its watcher session. */
class FollowingClient extends ControlModeClient {
  private async followAll(): Promise<void> {
    const panes = await super.listPanes();
    if (panes.length > 0) await this.changes!.follow(panes);
  }
  override async capture(requests: Parameters<ControlModeClient['capture']>[0]) {
    await this.followAll().catch(() => {});
    return super.capture(requests);
  }
  override async sendKeys(paneId: string, keys: readonly string[]) {
    await this.followAll().catch(() => {});
    return super.sendKeys(paneId, keys);
  }
  override async focusPane(paneId: string, clientTty?: string) {
    await this.followAll();
    return super.focusPane(paneId, clientTty);
  }
}

// The same contract while the panes' windows are also linked into the watcher session (change events):
// a bare pane id must never make a terminal client land in the watcher session.
describeTmuxClientContract(
  'control mode with change events',
  (server, runner) => new FollowingClient(server, runner, { logger: silentLogger, clock: systemClock, changeEvents: true }),
);

describe('control-mode client', () => {
  let t: PrivateTmux;
  const clients: ControlModeClient[] = [];

  function open(runner = countingRunner().runner, timeoutMs?: number): ControlModeClient {
    const c = new ControlModeClient(t.server, runner, { logger: new MemoryLogger(), clock: systemClock, timeoutMs });
    clients.push(c);
    return c;
  }

  async function sessions(): Promise<string[]> {
    const r = await t.run(['list-sessions', '-F', '#{session_name}']);
    return r.exitCode === 0 ? r.stdout.trim().split('\n') : [];
  }

  beforeEach(async () => {
    t = await startPrivateTmux();
  });

  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close();
    await t.kill();
  });

  it('captures 50 panes, plain and colour, over one client process and no further process', async () => {
    const panes: string[] = [];
    for (let i = 0; i < 50; i++) panes.push(await t.newPane(showTextCommand(`p${i}`), { session: 'many', width: 40, height: 5 }));
    const { runner, started } = countingRunner();
    const client = open(runner);
    await client.connect();
    const before = processCount(started);
    for (let tick = 0; tick < 3; tick++) {
      const caps = await client.capture(panes.map((paneId) => ({ paneId, colour: true })));
      expect(caps).toHaveLength(50);
    }
    await client.listPanes();
    expect(processCount(started)).toBe(before);
    expect(started.spawns).toHaveLength(1);
    expect(started.spawns[0]).toContain('-C');
  });

  it('says on each capture the second on the tmux server’s own clock when it took it (that of window_activity)', async () => {
    const pane = await t.newPane(showTextCommand('hi'), { session: 'clock' });
    const client = open();
    const before = Math.floor(Date.now() / 1000);
    const [cap] = await client.capture([{ paneId: pane, colour: false }]);
    const after = Math.ceil(Date.now() / 1000);
    expect(cap?.serverSecond).toBeGreaterThanOrEqual(before);
    expect(cap?.serverSecond).toBeLessThanOrEqual(after);
  });

  it('holds a clearly named watcher session that list-panes does not show', async () => {
    const pane = await t.newPane('cat', { session: 'work' });
    const client = open();
    await client.connect();
    expect(client.watcherSession).toMatch(/^trailboss-watch-\d+-\d+$/);
    expect(await sessions()).toContain(client.watcherSession);
    expect((await client.listPanes()).map((p) => p.paneId)).toEqual([pane]);
  });

  it('has tmux leave the watcher session out of the pane list once windows are linked into it (each pane once, read once)', async () => {
    const panes = [await t.newPane('cat', { session: 'work' }), await t.newPane('cat', { session: 'work' })];
    const client = new ControlModeClient(t.server, countingRunner().runner, {
      logger: silentLogger,
      clock: systemClock,
      changeEvents: true,
    });
    clients.push(client);
    expect(await client.changes!.follow(await client.listPanes())).toBe(true);
    // Linked, each agent pane is in two sessions: unfiltered, tmux lists (and reads /proc for) it twice.
    const unfiltered = (await t.tmux(listPanesArgs(false))).trim().split('\n');
    expect(unfiltered.length).toBe(2 * panes.length + 1);
    const filtered = (await t.tmux(listPanesArgs(true))).trim().split('\n');
    expect(filtered).toHaveLength(panes.length);
    expect((await client.listPanes()).map((p) => p.paneId).sort()).toEqual([...panes].sort());
  });

  it('removes the watcher session on close', async () => {
    await t.newPane('cat', { session: 'work' });
    const client = open();
    await client.connect();
    const watcher = client.watcherSession;
    await client.close();
    await poll(async () => !(await sessions()).includes(watcher!), 'watcher session gone');
    expect(await sessions()).toEqual(['work']);
  });

  it('leaves no watcher session behind when the process holding the client is killed', async () => {
    await t.newPane('cat', { session: 'work' });
    const script = fileURLToPath(new URL('./support/hold-control-client.ts', import.meta.url));
    const child = realRunner.spawnLongLived(process.execPath, ['--import', 'tsx', script, t.name], {
      env: { TMUX: undefined, TMUX_PANE: undefined },
    });
    let out = '';
    child.onStdout((c) => (out += c.toString()));
    const watcher = await poll(() => (out.includes('\n') ? out.trim() : null), 'child reports its watcher', { timeoutMs: 15_000 });
    expect(await sessions()).toContain(watcher);
    child.kill('SIGKILL');
    await child.exited;
    await poll(async () => !(await sessions()).includes(watcher), 'watcher session gone after SIGKILL', { timeoutMs: 10_000 });
    expect(await sessions()).toEqual(['work']);
  });

  it('never takes the server down when it closes while another client disconnects (tmux#5497)', async () => {
    await t.newPane('cat', { session: 'work' });
    for (let i = 0; i < 10; i++) {
      const client = open();
      await client.connect();
      await t.run(['list-sessions']);
      await client.close();
      expect((await t.run(['has-session', '-t', '=work'])).exitCode).toBe(0);
    }
  });

  it('never changes the size of the user’s windows, attached or not', async () => {
    const a = await t.newPane('cat', { session: 'work', width: 100, height: 30 });
    const b = await t.newPane('cat', { session: 'other', width: 57, height: 13 });
    const term = await t.attachClient('work', { cols: 91, rows: 27 });
    try {
      const sizes = async (): Promise<string> =>
        (await t.tmux(['list-panes', '-a', '-F', '#{session_name} #{pane_id} #{pane_width}x#{pane_height}']))
          .split('\n')
          .filter((l) => !l.startsWith('trailboss-'))
          .join('\n');
      await poll(async () => (await sizes()).includes(`work ${a} 91x26`), 'terminal size applied');
      const before = await sizes();
      const client = open();
      await client.connect();
      await client.capture([a, b].map((paneId) => ({ paneId, colour: true })));
      await client.focusPane(b);
      await client.listClients();
      expect(await sizes()).toBe(before);
      await client.close();
      expect(await sizes()).toBe(before);
    } finally {
      await term.detach();
    }
  });

  /** A dead engine's watcher: a session no client holds, with the user's window linked into it. */
  async function leftWatcher(name: string): Promise<string> {
    await t.tmux(['new-session', '-d', '-s', name, 'cat']);
    const window = (await t.tmux(['display-message', '-p', '-t', '=work:', '#{window_id}'])).trim();
    await t.tmux(['link-window', '-d', '-s', window, '-t', `=${name}:100000`]);
    return window;
  }

  /** A terminal's tmux integration (iTerm2's -CC) attached to the user's session, and what it hears. */
  function terminalAttached(): { heard: () => string; leave: () => Promise<void> } {
    const other = realRunner.spawnLongLived('tmux', ['-L', t.name, '-C', 'attach', '-t', '=work'], {
      env: { TMUX: undefined, TMUX_PANE: undefined },
    });
    let heard = '';
    other.onStdout((c) => (heard += c.toString()));
    return {
      heard: () => heard,
      leave: async () => {
        other.endInput();
        await other.exited;
      },
    };
  }

  const controlClients = async () =>
    (await t.tmux(['list-clients', '-F', '#{client_control_mode}'])).split('\n').filter((l) => l === '1').length;

  it('lists other control clients (a terminal integration) but not its own', async () => {
    await t.newPane('cat', { session: 'work' });
    const terminal = terminalAttached();
    try {
      const client = open();
      const listed = await poll(async () => {
        const c = await client.listClients();
        return c.length ? c : null;
      }, 'the control client listed');
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ sessionName: 'work', pid: expect.any(Number) });
    } finally {
      await terminal.leave();
    }
  });

  it('sweeps watcher sessions no client holds (a dead engine’s, the user’s window linked in), and nothing else', async () => {
    await t.newPane('cat', { session: 'work' });
    await t.newPane('cat', { session: 'notes' });
    await leftWatcher('trailboss-watch-999999-1');
    const client = open();
    await client.connect();
    await poll(async () => !(await sessions()).includes('trailboss-watch-999999-1'), 'the left watcher swept');
    expect((await sessions()).sort()).toEqual(['notes', client.watcherSession!, 'work'].sort());
    expect((await t.tmux(['list-windows', '-t', '=work', '-F', '#{window_id}'])).trim()).toMatch(/^@\d+$/);
  });

  it('leaves them while a terminal’s control client is attached (it would close its tabs), and sweeps them once it has gone', async () => {
    await t.newPane('cat', { session: 'work' });
    const window = await leftWatcher('trailboss-watch-999999-1');
    const terminal = terminalAttached();
    try {
      await poll(async () => (await controlClients()) === 1, 'the terminal attached');
      const logger = new MemoryLogger();
      const first = new ControlModeClient(t.server, realRunner, { logger, clock: systemClock });
      clients.push(first);
      await first.connect();
      await poll(() => logger.entries.some((e) => e.event === 'tmux.control.watchers-left'), 'the sweep held back');
      expect(await sessions()).toContain('trailboss-watch-999999-1');
      await first.close();
      expect(terminal.heard()).not.toContain(`%window-close ${window}`);
    } finally {
      await terminal.leave();
    }
    const second = open();
    await second.connect();
    await poll(async () => !(await sessions()).includes('trailboss-watch-999999-1'), 'swept once the terminal left');
  });

  it('on close, leaves its own watcher (windows linked) when a terminal attached after it linked them', async () => {
    await t.newPane('cat', { session: 'work' });
    const client = new FollowingClient(t.server, realRunner, { logger: silentLogger, clock: systemClock, changeEvents: true });
    clients.push(client);
    await client.capture([]);
    const watcher = client.watcherSession!;
    const window = (await t.tmux(['display-message', '-p', '-t', '=work:', '#{window_id}'])).trim();
    await poll(async () => (await t.tmux(['list-windows', '-t', `=${watcher}`, '-F', '#{window_id}'])).includes(window), 'linked');
    const terminal = terminalAttached();
    try {
      await poll(async () => (await controlClients()) === 2, 'the terminal attached');
      await client.close();
      expect(await sessions()).toContain(watcher);
      expect(terminal.heard()).not.toContain(`%window-close ${window}`);
    } finally {
      await terminal.leave();
    }
    const next = open();
    await next.connect();
    await poll(async () => !(await sessions()).includes(watcher), 'swept by the next connection');
    expect(await sessions()).toContain('work');
  });

  it('opens a new watcher after someone kills its session', async () => {
    const pane = await t.newPane(showTextCommand('hi'), { session: 'work' });
    const client = open();
    await client.connect();
    const first = client.watcherSession!;
    await t.tmux(['kill-session', '-t', `=${first}`]);
    await poll(async () => (await client.listPanes().catch(() => [])).length === 1, 'reconnected');
    expect(client.watcherSession).not.toBe(first);
    expect((await client.capture([{ paneId: pane, colour: false }]))[0]?.lines[0]).toBe('hi');
  });

  it('lets go when only watcher sessions are left, so tmux can exit', async () => {
    await t.newPane('cat', { session: 'work' });
    const client = open();
    await client.connect();
    await t.tmux(['kill-session', '-t', '=work']);
    expect(await client.listPanes()).toEqual([]);
    await poll(async () => (await t.run(['list-sessions'])).exitCode !== 0, 'server exited');
    expect(client.watcherSession).toBeNull();
  });

  it('does not start a server where none runs', async () => {
    const client = open();
    await expect(client.connect()).rejects.toMatchObject({ kind: 'no-server' });
    expect((await t.run(['list-sessions'])).exitCode).not.toBe(0);
  });

  it('closes within seconds when the server does not answer (it does not wait out the command timeout)', async () => {
    await t.newPane('cat', { session: 'work' });
    const client = open(undefined, 20_000);
    await client.connect();
    const serverPid = Number((await t.tmux(['display-message', '-p', '#{pid}'])).trim());
    process.kill(serverPid, 'SIGSTOP');
    try {
      const started = Date.now();
      await client.close();
      // 1 s asking who else is attached, then at most 2 s for the client to exit before it is killed.
      expect(Date.now() - started).toBeLessThan(6000);
    } finally {
      process.kill(serverPid, 'SIGCONT');
    }
  });

  it('fails a command that gets no reply in time, then recovers once the server answers again', async () => {
    const pane = await t.newPane(showTextCommand('alive'), { session: 'work' });
    const client = open(undefined, 500);
    await client.connect();
    const serverPid = (await t.tmux(['display-message', '-p', '#{pid}'])).trim();
    process.kill(Number(serverPid), 'SIGSTOP');
    try {
      await expect(client.capture([{ paneId: pane, colour: false }])).rejects.toMatchObject({ kind: 'failed', subcommand: 'capture-pane' });
    } finally {
      process.kill(Number(serverPid), 'SIGCONT');
    }
    const caps = await poll(async () => client.capture([{ paneId: pane, colour: false }]).catch(() => null), 'recovered');
    expect(caps[0]?.lines[0]).toBe('alive');
  });
});
