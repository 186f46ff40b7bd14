/**
 * Claude hooks on a remote host over real OpenSSH: `hooks install --host` writes the host's own
 * settings (its HOME is a temp dir, set by sshd), the engine's ssh master forwards an owner-only
 * socket there, and a hook run on the host reaches the engine through it and lands on that host's
 * pane — never on this machine's pane with the same id. The socket stops answering when the
 * connection drops, comes back with the next connection, and is removed when the engine stops;
 * uninstall puts the host's settings back byte for byte.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostSpec } from '../../../main/engine/hosts/host-spec.ts';
import type { RemoteHooksDeps } from '../../../main/engine/hosts/remote-hooks.ts';
import { installRemoteHooks, remoteHooksStatus, uninstallRemoteHooks } from '../../../main/engine/hosts/remote-hooks.ts';
import { remoteCommand } from '../../../main/engine/hosts/ssh-command.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import type { RemoteHarness } from '../../support/remote-harness.ts';
import { REMOTE_HOST, remoteHostConfig, startRemoteHarness } from '../../support/remote-harness.ts';
import type { TestSshd } from '../../support/sshd.ts';
import { REMOTE_PATH_WITH_NODE, startSshd } from '../../support/sshd.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { heldWorking, paneKeyOf, payload, queue, waitForTruth } from '../hooks-integration/support.ts';
import { runNode } from '../../support/run-node.ts';

const FORWARDER = resolve('bin/trailboss-hook.mjs');
/** The user's own settings on the host: tabs and a hook of theirs, which must come back exactly. */
const ORIGINAL =
  '{\n\t"model": "opus",\n\t"hooks": {\n\t\t"Stop": [{ "hooks": [{ "type": "command", "command": "echo mine" }] }]\n\t}\n}\n';

let r: RemoteHarness | null = null;
/** Clean-ups of the two-host test, run in reverse. */
const undo: (() => Promise<void>)[] = [];
const temps: string[] = [];
afterEach(async () => {
  await r?.dispose();
  r = null;
  for (const step of undo.splice(0).reverse()) await step();
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

function hostOf(sshd: TestSshd, socket: string, name = REMOTE_HOST): HostSpec {
  return { name, destination: sshd.alias, sockets: [socket], sshConfig: sshd.sshConfig, enabled: true };
}

function depsFor(sshd: TestSshd, socket: string, name = REMOTE_HOST): RemoteHooksDeps {
  return {
    host: hostOf(sshd, socket, name),
    runner: realRunner,
    clock: systemClock,
    controlPath: join(temp('tb-rh-ctl-'), 'c'),
    forwarderText: readFileSync(FORWARDER, 'utf8'),
  };
}

/** The command the host's settings run for `event` (ours). */
function installedCommand(settingsFile: string, event: string): string {
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
  const command = settings.hooks[event]
    ?.flatMap((g) => g.hooks)
    .map((h) => h.command)
    .find((c) => c.endsWith('# trailboss:hook'));
  if (!command) throw new Error(`no hook of ours for ${event}`);
  return command;
}

/** Run a hook command on the host, through ssh, as Claude would in the pane: payload on stdin, the pane's TMUX env. */
async function runOnHost(sshd: TestSshd, command: string, env: Record<string, string>, body: Record<string, unknown>) {
  const argv = ['env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), 'sh', '-c', command];
  return realRunner.run('ssh', ['-F', sshd.sshConfig, '-T', sshd.alias, remoteCommand(argv)], {
    input: JSON.stringify(body),
    timeoutMs: 20_000,
  });
}

/** Whether something accepts connections on the socket now. */
function listening(path: string): Promise<boolean> {
  return new Promise((done) => {
    const c = connect({ path });
    c.on('connect', () => {
      c.destroy();
      done(true);
    });
    c.on('error', () => done(false));
  });
}

/** Run the forwarder here with `--socket` (no engine behind it). */
function forwardTo(socket: string): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  return runNode([FORWARDER, '--socket', socket, 'Stop'], { stdin: JSON.stringify(payload('Stop.json')) });
}

describe('Claude hooks on a remote host', () => {
  it('install, a hook on the host lands on its pane through the forwarded socket, the socket follows the connection, uninstall restores', async () => {
    const home = temp('tb-rh-home-');
    const settingsFile = join(home, '.claude', 'settings.json');
    mkdirSync(join(home, '.claude'));
    writeFileSync(settingsFile, ORIGINAL);
    let deps: RemoteHooksDeps | null = null;
    r = await startRemoteHarness({
      api: true,
      hostConfig: { hooks: true },
      // OpenSSH's default: sshd never unlinks a stale socket file itself, so the engine must.
      sshd: { sessionEnv: { HOME: home, PATH: REMOTE_PATH_WITH_NODE }, streamLocalBindUnlink: false },
      beforeEngine: async (sshd, socket) => {
        deps = depsFor(sshd, socket);
        const installed = await installRemoteHooks(deps);
        expect(installed.change?.changed).toBe(true);
        expect(installed.status).toMatchObject({ state: 'installed', problem: null, settingsPath: settingsFile });
        expect(installed.facts).toMatchObject({ forwarderUpToDate: true, socketState: 'absent' });
      },
    });
    const remoteDir = join(home, '.trailboss-remote');
    const remoteSocket = join(remoteDir, 'hook.sock');
    expect(statSync(remoteDir).mode & 0o777).toBe(0o700);
    expect(readFileSync(join(remoteDir, 'trailboss-hook.mjs'), 'utf8')).toBe(readFileSync(FORWARDER, 'utf8'));
    const command = installedCommand(settingsFile, 'PermissionRequest');
    expect(command).toContain(`--socket '${remoteSocket}'`);
    expect(readFileSync(settingsFile, 'utf8')).toContain('echo mine');

    // A held Claude on the host and one here: both pane ids are the first of their servers.
    const remoteAgent = await startScriptedAgent(r.remote, heldWorking(claudePermBash()), { session: 'gpu-worker' });
    const localAgent = await startScriptedAgent(r.h.tmux, heldWorking(claudePermBash()), { session: 'api-worker' });
    expect(remoteAgent.paneId).toBe(localAgent.paneId);
    const remotePane = `${r.serverKey}|${remoteAgent.paneId}`;
    const localPane = paneKeyOf(r.h.socket, localAgent);
    await waitForTruth(r.h.engine, remotePane, (s) => s.state === 'working', 'the remote pane seen working', 20_000);
    await waitForTruth(r.h.engine, localPane, (s) => s.state === 'working', 'the local pane seen working');

    // The engine's master forwards the socket: owner-only, answering.
    await poll(
      async () => (existsSync(remoteSocket) && (await listening(remoteSocket)) ? true : null),
      'the forwarded socket on the host',
      {
        timeoutMs: 20_000,
      },
    );
    expect(statSync(remoteSocket).isSocket()).toBe(true);
    expect(statSync(remoteSocket).mode & 0o777).toBe(0o600);
    expect(await remoteHooksStatus(deps!)).toMatchObject({ status: { state: 'installed' }, facts: { socketState: 'listening' } });

    // The hook, run on the host in the remote pane's environment, with the socket path the local pane has too.
    const ran = await runOnHost(
      r.sshd,
      command,
      { TMUX: `${r.remote.name},1,0`, TMUX_PANE: remoteAgent.paneId },
      payload('PermissionRequest.json'),
    );
    expect(ran).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    const item = await poll(async () => (await queue(r!.h.engine)).find((i) => i.paneKey === remotePane), 'the remote item', {
      timeoutMs: 20_000,
    });
    expect(item).toMatchObject({ host: REMOTE_HOST, reason: 'permission', subject: 'Bash: ls -la /tmp' });
    expect((await queue(r.h.engine)).some((i) => i.paneKey === localPane)).toBe(false);
    expect(r.h.engine.truth.get(localPane)?.state).toBe('working');
    // The hook told the engine; no key went anywhere (the pane has not shown the prompt).
    expect(await remoteAgent.keyNames()).toEqual([]);
    expect(await localAgent.keyNames()).toEqual([]);

    // The connection drops: nothing answers on the host any more; the forwarder there exits 0 quietly.
    await r.sshd.dropConnections();
    await poll(async () => ((await listening(remoteSocket)) ? null : true), 'the socket refusing after the drop', { timeoutMs: 20_000 });
    expect(await forwardTo(remoteSocket)).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // The next connection forwards it again.
    await poll(async () => ((await listening(remoteSocket)) ? true : null), 'the socket forwarded again after reconnecting', {
      timeoutMs: 40_000,
    });
    expect(statSync(remoteSocket).mode & 0o777).toBe(0o600);

    // The engine stops: it removes the socket on the host over its connection before closing it.
    await r.h.engine.stop();
    expect(existsSync(remoteSocket)).toBe(false);

    const removed = await uninstallRemoteHooks(deps!);
    expect(removed.change).toMatchObject({ changed: true, restoredExactly: true });
    expect(readFileSync(settingsFile, 'utf8')).toBe(ORIGINAL);
    expect(existsSync(remoteDir)).toBe(false);
  }, 180_000);

  it('the forwarder with --socket exits 0 at once and prints nothing when no engine is connected', async () => {
    const dir = temp('tb-rh-fw-');
    const none = await forwardTo(join(dir, 'hook.sock'));
    expect(none).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // A plain file where the socket would be (not a socket): also nothing.
    writeFileSync(join(dir, 'plain'), '');
    expect(await forwardTo(join(dir, 'plain'))).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // Generous: a loaded 2-core machine starts node slowly; the point is it never waits for the 3 s backstop.
    expect(none.ms).toBeLessThan(2_500);
  });

  it('a host without our forwarder gets no forward: nothing listens there', async () => {
    const home = temp('tb-rh-home-');
    r = await startRemoteHarness({ sshd: { sessionEnv: { HOME: home, PATH: REMOTE_PATH_WITH_NODE } }, hostConfig: { hooks: true } });
    await startScriptedAgent(r.remote, heldWorking(claudePermBash()), { session: 'gpu-worker' });
    await poll(
      () => (r!.h.logger.entries.some((e) => e.event === 'host.hooks-not-installed') ? true : null),
      'the engine seeing no hooks there',
      {
        timeoutMs: 20_000,
      },
    );
    expect(existsSync(join(home, '.trailboss-remote'))).toBe(false);
  }, 60_000);

  it("a hook from host A lands on A's pane only: never on B's pane with the same id, not even when it names B's tmux socket", async () => {
    /** One "host": its own sshd with its own HOME, its own tmux server, hooks installed there. */
    async function host(name: string) {
      const home = temp(`tb-rh-${name}-`);
      const sshd = await startSshd({ sessionEnv: { HOME: home, PATH: REMOTE_PATH_WITH_NODE } });
      undo.push(() => sshd.dispose());
      const socket = join(sshd.dir, 'remote-tmux.sock');
      const tmux: PrivateTmux = await startPrivateTmux({ socketPath: socket });
      undo.push(() => tmux.kill());
      await installRemoteHooks(depsFor(sshd, socket, name));
      const settings = join(home, '.claude', 'settings.json');
      return { name, home, sshd, socket, tmux, settings, hookSocket: join(home, '.trailboss-remote', 'hook.sock') };
    }
    const a = await host('alpha');
    const b = await host('beta');
    const h: EngineHarness = await startEngineHarness({
      api: true,
      beforeStart: (dir) => {
        mkdirSync(join(dir, 'tb'), { recursive: true });
        writeFileSync(
          join(dir, 'tb', 'config.json'),
          JSON.stringify({
            hosts: [
              { ...remoteHostConfig(a.sshd, a.socket, 'alpha'), hooks: true },
              { ...remoteHostConfig(b.sshd, b.socket, 'beta'), hooks: true },
            ],
          }),
        );
      },
    });
    undo.push(() => h.dispose());
    const agentA = await startScriptedAgent(a.tmux, heldWorking(claudePermBash()), { session: 'a-worker' });
    const agentB = await startScriptedAgent(b.tmux, heldWorking(claudePermBash()), { session: 'b-worker' });
    const local = await startScriptedAgent(h.tmux, heldWorking(claudePermBash()), { session: 'l-worker' });
    expect(new Set([agentA.paneId, agentB.paneId, local.paneId]).size).toBe(1);
    const paneA = `@alpha:S:${a.socket}|${agentA.paneId}`;
    const paneB = `@beta:S:${b.socket}|${agentB.paneId}`;
    const paneLocal = paneKeyOf(h.socket, local);
    for (const pane of [paneA, paneB, paneLocal])
      await waitForTruth(h.engine, pane, (s) => s.state === 'working', `${pane} seen working`, 20_000);
    for (const x of [a, b])
      await poll(async () => ((await listening(x.hookSocket)) ? true : null), `${x.name}'s forwarded socket`, { timeoutMs: 20_000 });

    // From alpha, claiming beta's tmux socket, then this machine's: nothing anywhere.
    const command = installedCommand(a.settings, 'PermissionRequest');
    const asB = await runOnHost(a.sshd, command, { TMUX: `${b.socket},1,0`, TMUX_PANE: agentB.paneId }, payload('PermissionRequest.json'));
    const asLocal = await runOnHost(
      a.sshd,
      command,
      { TMUX: `${h.socket},1,0`, TMUX_PANE: local.paneId },
      payload('PermissionRequest.json'),
    );
    expect([asB.exitCode, asLocal.exitCode]).toEqual([0, 0]);
    // Then its own: the item appears on alpha's pane (so the two before had been delivered, and dropped).
    await runOnHost(a.sshd, command, { TMUX: `${a.socket},1,0`, TMUX_PANE: agentA.paneId }, payload('PermissionRequest.json'));
    await poll(async () => (await queue(h.engine)).find((i) => i.paneKey === paneA), "the item on alpha's pane", { timeoutMs: 20_000 });
    expect((await queue(h.engine)).map((i) => i.paneKey)).toEqual([paneA]);
    expect(h.engine.truth.get(paneB)?.state).toBe('working');
    expect(h.engine.truth.get(paneLocal)?.state).toBe('working');
    expect(h.logger.entries.filter((e) => e.event === 'claude.hook-unmapped')).toHaveLength(2);
  }, 180_000);
});
