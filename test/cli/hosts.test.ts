/** `trailboss hosts add|remove|list|test`, against a real sshd on loopback; a running engine follows the edits. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { cli } from '../support/cli-context.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { poll } from '../support/poll.ts';
import type { TestSshd } from '../support/sshd.ts';
import { startSshd } from '../support/sshd.ts';
import type { PrivateTmux } from '../support/tmux-server.ts';
import { startPrivateTmux } from '../support/tmux-server.ts';

let sshd: TestSshd;
let remote: PrivateTmux;
let home: string;
let socket: string;

beforeAll(async () => {
  sshd = await startSshd();
  socket = join(sshd.dir, 'remote.sock');
  remote = await startPrivateTmux({ socketPath: socket });
});
afterAll(async () => {
  await remote?.kill();
  await sshd?.dispose();
});

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
  if (home) rmSync(home, { recursive: true, force: true });
});

function newHome(): string {
  home = mkdtempSync(join(tmpdir(), 'tb-cli-hosts-'));
  return home;
}

describe('trailboss hosts', () => {
  it('adds, lists and removes a host in config.json; refuses duplicates and option-like destinations', async () => {
    const dir = newHome();
    const added = await cli(
      ['hosts', 'add', 'gpu', 'me@gpu.example', '--tmux-socket', '/tmp/agents.sock', '--ssh-config', '/etc/tb/ssh_config'],
      { home: dir },
    );
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toMatch(/Added host gpu \(me@gpu.example\)/);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
      hosts: [{ name: 'gpu', destination: 'me@gpu.example', sockets: ['/tmp/agents.sock'], sshConfig: '/etc/tb/ssh_config' }],
    });
    expect((await cli(['hosts', 'add', 'gpu', 'other'], { home: dir })).code).toBe(1);
    // Read as an option by the parser (a usage error), and refused by the config check when forced through.
    expect((await cli(['hosts', 'add', 'evil', '-oProxyCommand=touch /tmp/x'], { home: dir })).code).toBe(2);
    const bad = await cli(['hosts', 'add', 'evil', '--', '-oProxyCommand=touch /tmp/x'], { home: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/must not start with "-"/);
    const listed = await cli(['hosts', 'list', '--json'], { home: dir });
    expect(JSON.parse(listed.stdout)).toEqual({
      hosts: [
        {
          name: 'gpu',
          destination: 'me@gpu.example',
          sockets: ['/tmp/agents.sock'],
          sshConfig: '/etc/tb/ssh_config',
          enabled: true,
          hooks: false,
        },
      ],
    });
    expect(await cli(['hosts', 'remove', 'gpu'], { home: dir })).toMatchObject({ code: 0 });
    expect((await cli(['hosts', 'list'], { home: dir })).stdout).toMatch(/No hosts configured/);
    expect((await cli(['hosts', 'remove', 'gpu'], { home: dir })).code).toBe(1);
  });

  it('test connects over ssh, prints the remote tmux version and the agent panes, and exits 0', async () => {
    const dir = newHome();
    const agent = await startScriptedAgent(remote, claudePermBash(), { session: 'gpu-worker' });
    await cli(['hosts', 'add', 'box', sshd.alias, '--tmux-socket', socket, '--ssh-config', sshd.sshConfig], { home: dir });
    const run = await cli(['hosts', 'test', 'box'], { home: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/box: connected with ssh to .*; tmux \d/);
    expect(run.stdout).toContain(`${agent.paneId}\tgpu-worker:`);
    expect(run.stdout).toMatch(/claude\tpermission/);
    expect(run.stdout).toMatch(/box: can be watched \(1 agent pane now\)/);
    expect(await agent.keyNames()).toEqual([]);
    await agent.stop();
  });

  it('test says why it cannot watch: an unknown host key, exit 1', async () => {
    const dir = newHome();
    // A copy of the client config whose known_hosts is empty: the key is unknown, and never accepted.
    const config = join(dir, 'ssh_config');
    writeFileSync(
      config,
      readFileSync(sshd.sshConfig, 'utf8').replace(/UserKnownHostsFile .*/, `UserKnownHostsFile ${join(dir, 'empty_known_hosts')}`),
    );
    await cli(['hosts', 'add', 'box', sshd.alias, '--tmux-socket', socket, '--ssh-config', config], { home: dir });
    const run = await cli(['hosts', 'test', 'box'], { home: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/host box .*the host key is unknown/);
  });

  it('a running engine watches a host added while it runs', async () => {
    h = await startEngineHarness();
    const agent = await startScriptedAgent(remote, claudePermBash(), { session: 'late-host' });
    const add = await cli(['hosts', 'add', 'box', sshd.alias, '--tmux-socket', socket, '--ssh-config', sshd.sshConfig], {
      home: join(h.home, 'tb'),
    });
    expect(add.code).toBe(0);
    const item = await poll(
      async () => {
        const q = await h!.engine.api['queue:list']({});
        return q.ok ? q.value.find((i) => i.host === 'box' && i.sessionName === 'late-host' && i.approveLabel) : null;
      },
      'the remote prompt in the queue',
      { timeoutMs: 20_000 },
    );
    expect(item.paneKey).toBe(`@box:S:${socket}|${agent.paneId}`);
    expect(await cli(['hosts', 'remove', 'box'], { home: join(h.home, 'tb') })).toMatchObject({ code: 0 });
    await poll(
      async () => {
        const q = await h!.engine.api['queue:list']({});
        return q.ok && !q.value.some((i) => i.host === 'box');
      },
      'the removed host leaves the queue',
      { timeoutMs: 20_000 },
    );
    await agent.stop();
  });
});
