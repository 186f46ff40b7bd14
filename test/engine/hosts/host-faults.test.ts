/**
 * Faults on the way to a remote host, with real OpenSSH: sshd killed and restarted, the master
 * connection killed, a changed host key, a host that never answers, the remote tmux killed. Items
 * keep their place while the host is out of sight, nothing is sent to it, and after it returns the
 * prompt is re-verified before the one key.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import type { RemoteHarness } from '../../support/remote-harness.ts';
import { REMOTE_HOST, remoteHostConfig, startRemoteHarness } from '../../support/remote-harness.ts';
import { startSilentPort } from '../../support/sshd.ts';

let r: RemoteHarness | null = null;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  await r?.dispose();
  r = null;
});

async function queue() {
  const env = await r!.h.engine.api['queue:list']({});
  if (!env.ok) throw new Error(env.error.message);
  return env.value;
}

async function remoteAgent() {
  const agents = await r!.h.engine.api['agents:list']({});
  if (!agents.ok) throw new Error(agents.error.message);
  return agents.value.find((a) => a.host === REMOTE_HOST) ?? null;
}

async function remotePrompt() {
  return poll(
    async () => (await queue()).find((i) => i.reason === 'permission' && i.approveLabel && i.host === REMOTE_HOST),
    'a remote permission item',
    { timeoutMs: 20_000 },
  );
}

/** pids of ssh processes this test process (the engine runs in it) started as masters. */
function sshMasters(): number[] {
  const out: number[] = [];
  for (const line of readFileSync('/proc/self/task/' + process.pid + '/children', 'utf8')
    .split(' ')
    .filter(Boolean)) {
    const pid = Number(line);
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (argv[0] === 'ssh' && argv.includes('ControlMaster=yes')) out.push(pid);
    } catch {
      // Exited meanwhile.
    }
  }
  return out;
}

describe('host faults', () => {
  it('sshd killed mid-session: the item stays, the agent is unreachable, approve is refused; after sshd returns one approve sends one key', async () => {
    r = await startRemoteHarness();
    const agent = await startScriptedAgent(r.remote, claudePermBash(), { session: 'gpu-worker' });
    const item = await remotePrompt();
    await r.sshd.stop();
    const down = await poll(
      async () => {
        const a = await remoteAgent();
        return a?.state === 'unreachable' ? a : null;
      },
      'the remote agent marked unreachable',
      { timeoutMs: 20_000 },
    );
    expect(down.unreachable).toMatch(/^host box unreachable since /);
    const stillQueued = (await queue()).find((i) => i.id === item.id);
    expect(stillQueued).toMatchObject({ id: item.id, firstSeen: item.firstSeen, unreachable: expect.stringMatching(/unreachable since/) });
    const refused = await r.h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint });
    expect(refused).toMatchObject({
      ok: true,
      value: { outcome: 'refused', message: expect.stringMatching(/host box unreachable since .*nothing was sent/) },
    });

    await r.sshd.start();
    await poll(async () => (await remoteAgent())?.state === 'permission', 'the remote agent back at its prompt', { timeoutMs: 30_000 });
    expect((await queue()).find((i) => i.id === item.id)?.unreachable).toBeNull();
    expect(await agent.keyNames()).toEqual([]);
    expect(await r.h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint })).toMatchObject({
      ok: true,
      value: { outcome: 'confirmed' },
    });
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('the master connection killed: the engine reconnects on its own and approve still sends exactly one key', async () => {
    r = await startRemoteHarness();
    const agent = await startScriptedAgent(r.remote, claudePermBash(), { session: 'gpu-worker' });
    const item = await remotePrompt();
    const masters = sshMasters();
    expect(masters).toHaveLength(1);
    process.kill(masters[0]!, 'SIGKILL');
    await poll(
      () => {
        const now = sshMasters();
        return now.length === 1 && now[0] !== masters[0];
      },
      'a new master',
      { timeoutMs: 20_000 },
    );
    await poll(async () => (await remoteAgent())?.state === 'permission', 'the remote agent watched again', { timeoutMs: 20_000 });
    expect(await r.h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint })).toMatchObject({
      ok: true,
      value: { outcome: 'confirmed' },
    });
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('a changed host key is refused with a clear reason, and the items stay', async () => {
    r = await startRemoteHarness();
    const agent = await startScriptedAgent(r.remote, claudePermBash(), { session: 'gpu-worker' });
    const item = await remotePrompt();
    await r.sshd.changeHostKey();
    const down = await poll(
      async () => {
        const a = await remoteAgent();
        return a?.unreachable?.includes('host key has changed') ? a : null;
      },
      'unreachable because of the host key',
      { timeoutMs: 30_000 },
    );
    expect(down.state).toBe('unreachable');
    expect((await queue()).map((i) => i.id)).toContain(item.id);
    expect(await agent.keyNames()).toEqual([]);
  });

  it('the remote tmux server killed: its agents are gone, as locally', async () => {
    r = await startRemoteHarness();
    await startScriptedAgent(r.remote, claudePermBash(), { session: 'gpu-worker' });
    const item = await remotePrompt();
    await r.remote.killServer();
    await poll(async () => !(await queue()).some((i) => i.id === item.id), 'the remote item leaves the queue', { timeoutMs: 20_000 });
    expect((await remoteAgent())?.state ?? 'gone').toBe('gone');
  });

  it('a host that never answers holds up neither the local queue nor the API, and is marked unreachable in time', async () => {
    const silent = await startSilentPort();
    cleanups.push(() => silent.close());
    r = await startRemoteHarness({
      config: {},
    });
    // A second host whose port accepts TCP and then says nothing, added while the engine runs.
    const sshConfig = join(r.sshd.dir, 'silent_config');
    writeFileSync(
      sshConfig,
      readFileSync(r.sshd.sshConfig, 'utf8')
        .replace(`Host ${r.sshd.alias}`, 'Host silent-box')
        .replace(`Port ${r.sshd.port}`, `Port ${silent.port}`),
    );
    const configFile = join(r.h.home, 'tb', 'config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as { hosts: unknown[] };
    config.hosts.push({ ...remoteHostConfig(r.sshd, '/tmp/none.sock', 'silent'), destination: 'silent-box', sshConfig });
    writeFileSync(configFile, JSON.stringify(config));
    await poll(() => silent.connections() > 0, 'ssh connecting to the silent host', { timeoutMs: 15_000 });

    const local = await startScriptedAgent(r.h.tmux, claudePermBash(), { session: 'local-one' });
    const started = performance.now();
    const item = await poll(async () => (await queue()).find((i) => i.host === null && i.approveLabel), 'the local prompt', {
      timeoutMs: 15_000,
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    const t0 = performance.now();
    expect((await r.h.engine.api['agents:list']({})).ok).toBe(true);
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(await r.h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint })).toMatchObject({
      ok: true,
      value: { outcome: 'confirmed' },
    });
    expect(await local.keyNames()).toEqual(['1']);
    const view = await poll(
      () => r!.h.engine.hosts.views().find((v) => v.name === 'silent' && v.status?.kind === 'down'),
      'the silent host marked down',
      { timeoutMs: 40_000 },
    );
    expect(view.unreachable).toMatch(/host silent unreachable since .*(did not answer in time|cannot be reached)/);
  }, 60_000);
});
