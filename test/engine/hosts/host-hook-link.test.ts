/**
 * The hook link of one host over real OpenSSH, without the rest of the engine: a host set connected
 * to a private sshd, hooks installed on the host while the link is up (the periodic look-again
 * picks them up without a reconnect), deliveries through the forwarded socket tagged with the host,
 * and the local socket that takes hook ingest only.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';
import { HostHookLinks } from '../../../main/engine/hosts/host-hook-link.ts';
import { HostSet } from '../../../main/engine/hosts/host-set.ts';
import type { HostSpec } from '../../../main/engine/hosts/host-spec.ts';
import { installRemoteHooks } from '../../../main/engine/hosts/remote-hooks.ts';
import { remoteCommand } from '../../../main/engine/hosts/ssh-command.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import type { TmuxClient } from '../../../main/engine/tmux/types.ts';
import { poll } from '../../support/poll.ts';
import type { TestSshd } from '../../support/sshd.ts';
import { REMOTE_PATH_WITH_NODE, startSshd } from '../../support/sshd.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { payload } from '../hooks-integration/support.ts';

let sshd: TestSshd | null = null;
let tmux: PrivateTmux | null = null;
let set: HostSet | null = null;
let links: HostHookLinks | null = null;
const temps: string[] = [];
afterEach(async () => {
  await links?.dispose();
  await set?.dispose();
  await tmux?.kill();
  await sshd?.dispose();
  links = set = tmux = sshd = null;
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/** POST to a Unix socket as the forwarder would; resolves with the status. */
function post(socketPath: string, path: string, body: unknown, method = 'POST'): Promise<number> {
  return new Promise((done, fail) => {
    const text = JSON.stringify(body);
    const req = request(
      { socketPath, path, method, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('error', fail);
    req.end(text);
  });
}

describe('host hook link', () => {
  it('forwards once hooks are installed on a connected host, tags deliveries with the host, and takes hook ingest only', async () => {
    const home = temp('tb-hl-home-');
    sshd = await startSshd({ sessionEnv: { HOME: home, PATH: REMOTE_PATH_WITH_NODE } });
    const socket = join(sshd.dir, 'remote-tmux.sock');
    tmux = await startPrivateTmux({ socketPath: socket });
    const paneId = await tmux.newPane('sleep 600');
    const host: HostSpec = { name: 'gpu', destination: sshd.alias, sockets: [socket], sshConfig: sshd.sshConfig, enabled: true };
    const logger = new MemoryLogger();
    const deliveries: HookDelivery[] = [];
    const clients: TmuxClient[] = [];
    set = new HostSet({
      clients,
      runner: realRunner,
      clock: systemClock,
      logger,
      onRemove: () => undefined,
      onStatus: (h, s) => links?.onStatus(h, s),
    });
    links = new HostHookLinks({
      hosts: set,
      runner: realRunner,
      clock: systemClock,
      logger,
      deliver: (d) => deliveries.push(d),
      recheckMs: 300,
    });
    await set.apply([host]);
    // Hooks off for the host (the default): nothing is run there for them, even once connected.
    await links.apply([host]);
    await poll(() => (set!.views()[0]?.status?.kind === 'up' ? true : null), 'the host connected', { timeoutMs: 20_000 });
    links.onStatus('gpu');
    expect(links.state('gpu')).toEqual({ kind: 'off' });
    await links.apply([{ ...host, hooks: true }]);
    await poll(() => (links!.state('gpu').kind === 'not-installed' ? true : null), 'no forwarder on the host yet', { timeoutMs: 20_000 });

    await installRemoteHooks({
      host,
      runner: realRunner,
      clock: systemClock,
      controlPath: join(temp('tb-hl-ctl-'), 'c'),
      forwarderText: readFileSync(resolve('bin/trailboss-hook.mjs'), 'utf8'),
    });
    const forwarded = await poll(
      () => {
        const s = links!.state('gpu');
        return s.kind === 'forwarded' ? s : null;
      },
      'forwarded after install, without a reconnect',
      { timeoutMs: 20_000 },
    );
    expect(forwarded.remoteSocket).toBe(join(home, '.trailboss-remote', 'hook.sock'));
    // The local end: owner-only, in the host set's private directory, no network address.
    expect(forwarded.localSocket.startsWith(set.privateDir())).toBe(true);
    expect(statSync(forwarded.localSocket).mode & 0o777).toBe(0o600);
    expect(statSync(set.privateDir()).mode & 0o777).toBe(0o700);

    // A hook run on the host (its own Node, the installed command) arrives tagged with the host.
    const settings = JSON.parse(readFileSync(join(home, '.claude', 'settings.json'), 'utf8')) as {
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    };
    const command = settings.hooks['Stop']![0]!.hooks[0]!.command;
    const ran = await realRunner.run(
      'ssh',
      ['-F', sshd.sshConfig, '-T', sshd.alias, remoteCommand(['env', `TMUX=${socket},1,0`, `TMUX_PANE=${paneId}`, 'sh', '-c', command])],
      { input: JSON.stringify(payload('Stop.json')), timeoutMs: 20_000 },
    );
    expect(ran).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    const got = await poll(() => deliveries[0], 'the delivery', { timeoutMs: 10_000 });
    expect(got).toMatchObject({ host: 'gpu', event: 'Stop', origin: { tmuxPane: paneId, tmuxSocket: socket } });

    // Only hook ingest: anything else is refused and delivers nothing; a bad body is refused too.
    expect(await post(forwarded.localSocket, '/api/v1/queue', {}, 'GET')).toBe(404);
    expect(await post(forwarded.localSocket, '/hooks/codex', {})).toBe(404);
    expect(await post(forwarded.localSocket, '/hooks/claude', { v: 1, nope: true })).toBe(422);
    expect(deliveries).toHaveLength(1);
  }, 90_000);
});
