/** The control-mode client over real OpenSSH (a private sshd on loopback): the same client code as locally. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HostSpec } from '../../../main/engine/hosts/host-spec.ts';
import { sshFailureOf, sshTmuxLauncher } from '../../../main/engine/hosts/ssh-launcher.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { ControlModeClient } from '../../../main/engine/tmux/control-client.ts';
import { TmuxError } from '../../../main/engine/tmux/types.ts';
import type { TmuxServer } from '../../../main/engine/tmux/types.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { poll } from '../../support/poll.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import type { TestSshd } from '../../support/sshd.ts';
import { startSshd } from '../../support/sshd.ts';
import { describeTmuxClientContract } from '../tmux/support/client-contract.ts';
import { countingRunner } from '../tmux/support/counting-runner.ts';
import { showTextCommand } from '../tmux/support/pane-programs.ts';

let sshd: TestSshd;
let controlDir: string;
let counter = 0;

function hostFor(overrides: Partial<HostSpec> = {}): HostSpec {
  return { name: 'box', destination: sshd.alias, sockets: [], sshConfig: sshd.sshConfig, enabled: true, ...overrides };
}

function remoteClient(server: TmuxServer, runner = countingRunner().runner, host = hostFor(), timeoutMs = 15_000): ControlModeClient {
  const launcher = sshTmuxLauncher(host, join(controlDir, `${host.name}.${++counter}`));
  return new ControlModeClient({ ...server, host: host.name }, runner, { logger: silentLogger, clock: systemClock, timeoutMs, launcher });
}

beforeAll(async () => {
  sshd = await startSshd();
  controlDir = mkdtempSync(join(tmpdir(), 'tb-ssh-'));
});

afterAll(async () => {
  await sshd?.dispose();
  rmSync(controlDir, { recursive: true, force: true });
});

describeTmuxClientContract('control mode over ssh', (server, runner) => remoteClient(server, runner), {
  missingBinary: { kind: 'unreachable', what: 'ssh' },
});

describe('control mode over ssh', () => {
  let t: PrivateTmux;
  const clients: ControlModeClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close();
    await t?.kill();
  });

  it('captures 50 panes over one ssh process, with no process per capture', async () => {
    t = await startPrivateTmux();
    const panes: string[] = [];
    for (let i = 0; i < 50; i++) panes.push(await t.newPane(showTextCommand(`p${i}`), { session: 'many', width: 40, height: 5 }));
    const { runner, started } = countingRunner();
    const client = remoteClient(t.server, runner);
    clients.push(client);
    await client.connect();
    const spawnsAfterConnect = started.spawns.length;
    const runsAfterConnect = started.runs.length;
    for (let tick = 0; tick < 3; tick++) expect(await client.capture(panes.map((paneId) => ({ paneId, colour: true })))).toHaveLength(50);
    expect((await client.listPanes()).length).toBe(50);
    expect(started.spawns.length).toBe(spawnsAfterConnect);
    expect(started.runs.length).toBe(runsAfterConnect);
    expect(started.spawns).toHaveLength(1);
    expect(started.spawns[0]![0]).toBe('ssh');
  });

  it('says the host key changed, as an unreachable error with that reason', async () => {
    t = await startPrivateTmux();
    await t.newPane('cat', { session: 'work' });
    await sshd.changeHostKey();
    try {
      const client = remoteClient(t.server);
      clients.push(client);
      const err = await client.listPanes().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(TmuxError);
      expect((err as TmuxError).kind).toBe('unreachable');
      expect(sshFailureOf(err)?.kind).toBe('host-key-changed');
      expect((err as Error).message).toMatch(/host box: the host key has changed/);
    } finally {
      await sshd.stop();
      rmSync(join(sshd.dir, 'host_key'));
      // Restore a known key: the suite's other tests use the original one.
      await sshd.dispose();
      sshd = await startSshd();
    }
  });

  it('says authentication failed for a key the host does not accept', async () => {
    t = await startPrivateTmux();
    await t.newPane('cat', { session: 'work' });
    const client = remoteClient(t.server, countingRunner().runner, hostFor({ destination: `nobody-here@${sshd.alias}` }));
    clients.push(client);
    const err = await client.listPanes().then(
      () => null,
      (e: unknown) => e,
    );
    expect(sshFailureOf(err)?.kind).toBe('auth-failed');
  });

  it('reports the remote tmux server gone as no-server, like a local one', async () => {
    t = await startPrivateTmux();
    await t.newPane('cat', { session: 'work' });
    const client = remoteClient(t.server);
    clients.push(client);
    expect(await client.listPanes()).toHaveLength(1);
    await t.killServer();
    await poll(
      async () =>
        await client.listPanes().then(
          (p) => p.length === 0,
          () => false,
        ),
      'no panes after kill-server',
      { timeoutMs: 15_000 },
    );
  });
});
