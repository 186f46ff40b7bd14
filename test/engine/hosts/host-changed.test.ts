/**
 * A host's outage is announced once, with real OpenSSH: sshd killed gives exactly one `host:changed`
 * unreachable (not one per retry), sshd back gives exactly one reachable; a removed host says so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostChangeDto } from '../../../preload/contract/events.ts';
import { poll } from '../../support/poll.ts';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { RemoteHarness } from '../../support/remote-harness.ts';
import { REMOTE_HOST, startRemoteHarness } from '../../support/remote-harness.ts';

let r: RemoteHarness | null = null;
afterEach(async () => {
  await r?.dispose();
  r = null;
});

describe('host:changed', () => {
  it('sshd killed: one unreachable event through every retry; sshd back: one reachable event', async () => {
    r = await startRemoteHarness();
    // An agent keeps the remote tmux server running (a host without one is reachable but not "up").
    await startScriptedAgent(r.remote, claudePermBash(), { session: 'gpu-worker' });
    const changes: HostChangeDto[] = [];
    const errors: string[] = [];
    r.h.engine.on('host:changed', (c) => changes.push(c));
    r.h.engine.on('engine:error', (e) => errors.push(e.message));
    await poll(() => r!.h.engine.hosts.views().find((v) => v.name === REMOTE_HOST)?.status?.kind === 'up', 'the host connected', {
      timeoutMs: 20_000,
    });
    // Reachable from the start is no change: nothing is said.
    expect(changes).toEqual([]);

    const killedAt = Date.now();
    await r.sshd.stop();
    await poll(() => changes.length > 0, 'the host announced unreachable', { timeoutMs: 20_000 });
    // Let the engine retry a few times (backoff 1 s, 2 s, …): still one announcement.
    await poll(
      () => {
        const s = r!.h.engine.hosts.views()[0]?.status;
        return s?.kind === 'down' && s.failures >= 3;
      },
      'three failed reconnects',
      { timeoutMs: 30_000 },
    );
    expect(changes).toHaveLength(1);
    const down = changes[0]!;
    expect(down).toMatchObject({ host: REMOTE_HOST, state: 'unreachable', reason: expect.stringMatching(/^host box unreachable since /) });
    expect(down.since).toBeGreaterThanOrEqual(killedAt - 1_000);
    // The windows' host banner follows host:changed; an outage is not an engine error too.
    expect(errors.filter((m) => m.includes('host box'))).toEqual([]);
    // What a surface that subscribes now starts from.
    expect(r.h.engine.hosts.outages()).toEqual([down]);

    await r.sshd.start();
    await poll(() => changes.length > 1, 'the host announced back', { timeoutMs: 30_000 });
    await poll(() => r!.h.engine.hosts.views()[0]?.status?.kind === 'up', 'the host up again', { timeoutMs: 10_000 });
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({ host: REMOTE_HOST, state: 'reachable' });
    expect(changes[1]!.since).toBeGreaterThanOrEqual(down.since);
    expect(r.h.engine.hosts.outages()).toEqual([]);
  }, 90_000);

  it('a host removed from the config is announced removed, once', async () => {
    r = await startRemoteHarness();
    // An agent keeps the remote tmux server running (a host without one is reachable but not "up").
    await startScriptedAgent(r.remote, claudePermBash(), { session: 'gpu-worker' });
    const changes: HostChangeDto[] = [];
    r.h.engine.on('host:changed', (c) => changes.push(c));
    await poll(() => r!.h.engine.hosts.views().find((v) => v.name === REMOTE_HOST)?.status?.kind === 'up', 'the host connected', {
      timeoutMs: 20_000,
    });
    const configFile = join(r.h.home, 'tb', 'config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as { hosts: unknown[] };
    writeFileSync(configFile, JSON.stringify({ ...config, hosts: [] }));
    await poll(() => changes.length > 0, 'the host announced removed', { timeoutMs: 20_000 });
    expect(changes).toEqual([{ host: REMOTE_HOST, state: 'removed', since: expect.any(Number) }]);
  }, 60_000);
});
