/**
 * A control client whose server's socket is absent answers "no server" without starting tmux to ask
 * (an engine started before the user's first tmux would otherwise start one every tick), connects at
 * once when the socket appears, and still asks tmux now and then in case the path it was given is wrong.
 * Real tmux on a private socket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { ControlModeClient, SOCKET_RECHECK_MS } from '../../../main/engine/tmux/control-client.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { countingRunner, processCount } from './support/counting-runner.ts';

let dir: string;
let socket: string;
let t: PrivateTmux | null = null;
let client: ControlModeClient | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-absent-socket-'));
  socket = join(dir, 'tmux.sock');
});
afterEach(async () => {
  await client?.close();
  await t?.kill();
  client = null;
  t = null;
  rmSync(dir, { recursive: true, force: true });
});

describe('a control client on a server whose socket is absent', { timeout: 60_000 }, () => {
  it('lists nothing without starting tmux, and connects on the first look after the socket appears', async () => {
    const { runner, started } = countingRunner();
    const clock = new ManualClock(1_000_000);
    client = new ControlModeClient({ kind: 'socket', path: socket }, runner, { logger: silentLogger, clock, socketPath: socket });
    expect(await client.listPanes()).toEqual([]);
    const afterFirst = processCount(started);
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      expect(await client.listPanes()).toEqual([]);
    }
    expect(processCount(started)).toBe(afterFirst);
    t = await startPrivateTmux({ socketPath: socket });
    const pane = await t.newPane('sleep 600');
    expect((await client.listPanes()).map((p) => p.paneId)).toContain(pane);
  });

  it('still asks tmux every SOCKET_RECHECK_MS when the socket it was given is not where the server listens', async () => {
    const { runner, started } = countingRunner();
    const clock = new ManualClock(1_000_000);
    t = await startPrivateTmux({ socketPath: socket });
    const pane = await t.newPane('sleep 600');
    client = new ControlModeClient({ kind: 'socket', path: socket }, runner, {
      logger: silentLogger,
      clock,
      socketPath: join(dir, 'wrong'),
    });
    // The first look always asks tmux.
    expect((await client.listPanes()).map((p) => p.paneId)).toContain(pane);
    await client.close();
    client = new ControlModeClient({ kind: 'socket', path: socket }, runner, {
      logger: silentLogger,
      clock,
      socketPath: join(dir, 'wrong'),
    });
    await t.kill();
    t = null;
    expect(await client.listPanes()).toEqual([]);
    t = await startPrivateTmux({ socketPath: socket });
    const again = await t.newPane('sleep 600');
    const before = processCount(started);
    clock.advance(SOCKET_RECHECK_MS - 1000);
    expect(await client.listPanes()).toEqual([]);
    expect(processCount(started)).toBe(before);
    clock.advance(1000);
    expect((await client.listPanes()).map((p) => p.paneId)).toContain(again);
  });
});
