/**
 * The jump executor against real tmux on private servers: a real client attached through a pty,
 * a real detached "terminal" (script + tmux attach), and a stand-in xdotool script on PATH.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import type { ProcessEntry } from '../../../main/engine/platform/process-table.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { runnerWithEnv } from '../../../main/engine/platform/runner-with-env.ts';
import { BatchTmuxClient } from '../../../main/engine/tmux/batch-client.ts';
import { TMUX_ENV } from '../../../main/engine/tmux/server-args.ts';
import type { JumpDeps } from '../../../main/engine/jump/jump-executor.ts';
import { executeJump } from '../../../main/engine/jump/jump-executor.ts';
import { detachedLauncher } from '../../../main/engine/platform/launch-detached.ts';
import { startPrivateTmux, type PrivateTmux } from '../../support/tmux-server.ts';
import { poll } from '../../support/poll.ts';

let tmux: PrivateTmux;
let detach: (() => Promise<void>) | null = null;

beforeEach(async () => {
  tmux = await startPrivateTmux();
});

afterEach(async () => {
  await detach?.();
  detach = null;
  await tmux.kill();
});

/** Two windows in session `agents`; the agent pane is in the second, not current. */
async function agentPane(): Promise<string> {
  await tmux.newPane('sleep 600', { session: 'agents' });
  return tmux.newPane('sleep 600', { session: 'agents' });
}

function deps(over: Partial<JumpDeps> = {}): JumpDeps {
  return {
    tmux: new BatchTmuxClient(tmux.server, realRunner, { logger: silentLogger }),
    runner: realRunner,
    launcher: detachedLauncher(TMUX_ENV),
    processes: async () => new Map(),
    clock: systemClock,
    platform: 'linux',
    x11: false,
    terminalCommand: null,
    attachTimeoutMs: 5000,
    ...over,
  };
}

const clientView = async (tty: string): Promise<string> =>
  (await tmux.tmux(['display-message', '-c', tty, '-p', '#{session_name} #{pane_id}'])).trim();

describe('executeJump with a client attached', () => {
  it('switches the client to the pane and says it could not raise the window without a display', async () => {
    const pane = await agentPane();
    await tmux.newPane('sleep 600', { session: 'home' });
    const client = await tmux.attachClient('home');
    detach = client.detach;
    const report = await executeJump(deps(), { paneId: pane, target: 'agents:1.0' });
    expect(await clientView(client.tty)).toBe(`agents ${pane}`);
    expect(report.outcome).toBe('unconfirmed');
    expect(report.message).toBe(
      `switched the terminal on ${client.tty} to agents:1.0, but could not bring its window forward: no X11 display (on Wayland an app may not raise another app’s window)`,
    );
  });

  it('on X11 activates the window of the client’s terminal found with xdotool', async () => {
    const pane = await agentPane();
    const client = await tmux.attachClient('agents');
    detach = client.detach;
    const clientPid = Number((await tmux.tmux(['display-message', '-c', client.tty, '-p', '#{client_pid}'])).trim());
    // A stand-in xdotool: the "terminal" (pid 5000) owns window 777; every call is recorded.
    const log = join(tmux.dir, 'xdotool.log');
    const bin = join(tmux.dir, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'xdotool'),
      `#!/bin/sh\necho "$*" >> '${log}'\nif [ "$1" = search ]; then [ "$4" = 5000 ] && echo 777 && exit 0; exit 1; fi\nexit 0\n`,
    );
    chmodSync(join(bin, 'xdotool'), 0o755);
    const table = new Map<number, ProcessEntry>([
      [clientPid, { pid: clientPid, ppid: 4999, comm: 'tmux', argv: 'tmux' }],
      [4999, { pid: 4999, ppid: 5000, comm: 'bash', argv: 'bash' }],
      [5000, { pid: 5000, ppid: 1, comm: 'xterm', argv: 'xterm' }],
    ]);
    const runner = runnerWithEnv(realRunner, { PATH: `${bin}:${process.env.PATH ?? ''}` });
    const report = await executeJump(deps({ runner, x11: true, processes: async () => table }), { paneId: pane, target: 'agents:1.0' });
    expect(report).toMatchObject({
      outcome: 'confirmed',
      message: `switched the terminal on ${client.tty} to agents:1.0 and brought the xterm window forward`,
    });
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      `search --onlyvisible --pid ${clientPid}`,
      'search --onlyvisible --pid 4999',
      'search --onlyvisible --pid 5000',
      'windowactivate 777',
    ]);
  });

  it('says xdotool is missing rather than failing silently', async () => {
    const pane = await agentPane();
    const client = await tmux.attachClient('agents');
    detach = client.detach;
    const clientPid = Number((await tmux.tmux(['display-message', '-c', client.tty, '-p', '#{client_pid}'])).trim());
    const runner = runnerWithEnv(realRunner, { PATH: join(tmux.dir, 'empty-bin') });
    const table = new Map<number, ProcessEntry>([[clientPid, { pid: clientPid, ppid: 1, comm: 'tmux', argv: 'tmux' }]]);
    const report = await executeJump(deps({ runner, x11: true, processes: async () => table }), { paneId: pane, target: 'agents:1.0' });
    expect(report.outcome).toBe('unconfirmed');
    expect(report.message).toContain('xdotool is not installed');
  });
});

describe('executeJump with no client attached', () => {
  it('selects the pane and opens a terminal that attaches to it', async () => {
    const pane = await agentPane();
    // The "terminal": a pty from util-linux script running the tmux command line, as a real terminal would.
    const terminalCommand = ['script', '-qfc', 'stty cols 100 rows 30; exec {tmux} attach-session -t {target}', '/dev/null'];
    const report = await executeJump(deps({ terminalCommand }), { paneId: pane, target: 'agents:1.0' });
    expect(report).toMatchObject({ outcome: 'confirmed', message: 'no terminal was attached; opened script on agents:1.0' });
    const tty = await poll(async () => (await tmux.tmux(['list-clients', '-F', '#{client_tty}'])).trim(), 'the attached client');
    expect(await clientView(tty)).toBe(`agents ${pane}`);
    detach = async () => void (await tmux.run(['detach-client', '-t', tty]));
  });

  it('reports a terminal program that is not installed', async () => {
    const pane = await agentPane();
    const report = await executeJump(deps({ terminalCommand: ['no-such-terminal-xyz', '-e', '{tmux}', 'attach', '-t', '{target}'] }), {
      paneId: pane,
      target: 'agents:1.0',
    });
    expect(report).toMatchObject({
      outcome: 'unconfirmed',
      message: 'no terminal is attached, and opening one failed: no-such-terminal-xyz is not installed',
    });
  });

  it('says so when the terminal started but never attached', async () => {
    const pane = await agentPane();
    const report = await executeJump(deps({ terminalCommand: ['true', '{target}'], attachTimeoutMs: 300 }), {
      paneId: pane,
      target: 'agents:1.0',
    });
    expect(report).toMatchObject({ outcome: 'unconfirmed', message: 'started true for agents:1.0, but no terminal attached within 0 s' });
  });
});

describe('executeJump to a pane that is gone', () => {
  it('answers gone and moves nothing', async () => {
    await agentPane();
    const report = await executeJump(deps(), { paneId: '%999', target: 'agents:9.0' });
    expect(report).toEqual({ outcome: 'gone', message: 'agents:9.0 no longer exists', plan: null });
  });

  it('answers gone when the server has stopped', async () => {
    const pane = await agentPane();
    await tmux.killServer();
    expect((await executeJump(deps(), { paneId: pane, target: 'agents:1.0' })).outcome).toBe('gone');
  });
});
