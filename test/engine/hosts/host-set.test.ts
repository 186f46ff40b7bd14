/** The live host set against a host that refuses connections: clients in the observer's list, status, backoff, socket dirs. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostLinkStatus } from '../../../main/engine/hosts/host-client.ts';
import { HostSet } from '../../../main/engine/hosts/host-set.ts';
import { reconnectDelayMs } from '../../../main/engine/hosts/reconnect-backoff.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import type { TmuxClient } from '../../../main/engine/tmux/types.ts';
import { TmuxError } from '../../../main/engine/tmux/types.ts';
import { freePort } from '../../support/sshd.ts';
import { poll } from '../../support/poll.ts';

let dir: string;
let set: HostSet | null = null;
afterEach(async () => {
  await set?.dispose();
  set = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('backoff', () => {
  it('doubles from 1 s and stops at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});

describe('host set', () => {
  it('adds a client per server, fails fast while the host refuses, backs off, and takes the client out when the host goes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tb-hostset-'));
    const port = await freePort(); // nothing listens there: connection refused
    const sshConfig = join(dir, 'ssh_config');
    writeFileSync(
      sshConfig,
      `Host refusing\n  HostName 127.0.0.1\n  Port ${port}\n  UserKnownHostsFile /dev/null\n  GlobalKnownHostsFile /dev/null\n`,
    );
    // A directory an engine killed with SIGKILL left (pid that cannot exist), and one of a live process.
    mkdirSync(join(dir, 'tb-ssh-999999999-dead'));
    mkdirSync(join(dir, `tb-ssh-${process.ppid}-live`));
    const clients: TmuxClient[] = [];
    const removed: TmuxClient[] = [];
    const statuses: HostLinkStatus[] = [];
    set = new HostSet({
      clients,
      runner: realRunner,
      clock: systemClock,
      logger: new MemoryLogger(),
      onRemove: (c) => removed.push(c),
      onStatus: (_h, s) => statuses.push(s),
      socketParent: dir,
    });
    await set.apply([{ name: 'gpu', destination: 'refusing', sockets: ['/tmp/a.sock', '/tmp/b.sock'], sshConfig, enabled: true }]);
    expect(clients.map((c) => c.server)).toEqual([
      { kind: 'socket', path: '/tmp/a.sock', host: 'gpu' },
      { kind: 'socket', path: '/tmp/b.sock', host: 'gpu' },
    ]);
    const down = await poll(() => (set!.views()[0]?.status?.kind === 'down' ? set!.views()[0] : null), 'the host marked down', {
      timeoutMs: 15_000,
    });
    expect(down.unreachable).toMatch(/^host gpu unreachable since .*: the host cannot be reached \(.*Connection refused/);
    const status = down.status as Extract<HostLinkStatus, { kind: 'down' }>;
    expect(status.retryAt - status.since).toBeGreaterThanOrEqual(1000);
    // Calls fail at once with the reason, without waiting for ssh.
    const t0 = performance.now();
    const err = await clients[0]!.listPanes().then(
      () => null,
      (e: unknown) => e,
    );
    expect(performance.now() - t0).toBeLessThan(100);
    expect(err).toBeInstanceOf(TmuxError);
    expect((err as TmuxError).kind).toBe('unreachable');
    expect(set.unreachable('@gpu:S:/tmp/a.sock|%1')?.reason).toMatch(/^host gpu unreachable since/);
    expect(set.unreachable('S:/tmp/a.sock|%1')).toBeNull();
    expect(statuses.some((s) => s.kind === 'down')).toBe(true);
    // The private socket dir is owner-only, and the dead engine's leftover is gone; the live one stays.
    const mine = readdirSync(dir).filter((n) => n.startsWith(`tb-ssh-${process.pid}-`));
    expect(mine).toHaveLength(1);
    expect(statSync(join(dir, mine[0]!)).mode & 0o777).toBe(0o700);
    expect(existsSync(join(dir, 'tb-ssh-999999999-dead'))).toBe(false);
    expect(existsSync(join(dir, `tb-ssh-${process.ppid}-live`))).toBe(true);

    await set.apply([]);
    expect(clients).toEqual([]);
    expect(removed).toHaveLength(2);
  });
});
