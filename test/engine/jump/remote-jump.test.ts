import { describe, expect, it } from 'vitest';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { planRemoteJump, templateForRemote } from '../../../main/engine/jump/remote-jump.ts';
import { DEFAULT_CONFIG } from '../../../main/engine/config/index.ts';

const pane = { paneId: '%7', destination: 'me@gpu', sshConfig: '/home/me/.ssh/tb_config', socket: "/tmp/agents it's.sock" };

describe('jump to a pane on another host', () => {
  it('opens the default terminal running ssh -t to the host, attached to the pane', () => {
    const plan = planRemoteJump(pane, null, 'linux');
    expect(plan).toEqual({
      kind: 'open-terminal',
      tmux: [],
      launch: {
        file: 'x-terminal-emulator',
        args: [
          '-e',
          'ssh',
          '-t',
          '-F',
          '/home/me/.ssh/tb_config',
          '-o',
          'StrictHostKeyChecking=yes',
          '--',
          'me@gpu',
          'tmux',
          '-S',
          `'/tmp/agents it'\\''s.sock'`,
          'attach-session',
          '-t',
          '%7',
        ],
      },
    });
  });

  it("reads the config's default templates (tmux -S {socket}) as {tmux}, on every platform", () => {
    const linux = planRemoteJump(pane, DEFAULT_CONFIG.terminal.linux, 'linux');
    expect(linux.kind === 'open-terminal' && linux.launch.args.slice(0, 3)).toEqual(['-e', 'ssh', '-t']);
    const mac = planRemoteJump({ ...pane, sshConfig: null, socket: null }, DEFAULT_CONFIG.terminal.darwin, 'darwin');
    expect(mac.kind === 'open-terminal' && mac.launch.args[1]).toBe(
      'tell application "Terminal" to do script "ssh -t -o StrictHostKeyChecking=yes -- me@gpu tmux attach-session -t %7"',
    );
  });

  it('the remote command line survives the remote shell byte for byte', async () => {
    const plan = planRemoteJump(pane, ['sh', '-c', 'echo {tmux} attach-session -t {target}'], 'linux');
    if (plan.kind !== 'open-terminal') throw new Error(plan.kind);
    // Run the local shell's line, with `echo` standing in for the terminal: it prints what ssh would get.
    const r = await realRunner.run(plan.launch.file, plan.launch.args);
    const words = r.stdout.trim().split(' ');
    const remoteLine = words.slice(words.indexOf('me@gpu') + 1).join(' ');
    const remote = await realRunner.run('sh', ['-c', `printf '%s\\n' ${remoteLine}`]);
    expect(remote.stdout.split('\n').slice(0, -1)).toEqual(['tmux', '-S', "/tmp/agents it's.sock", 'attach-session', '-t', '%7']);
  });

  it('refuses a template that would use a remote socket path here', () => {
    expect(templateForRemote(['kitty', '--listen-on', '{socket}', '{tmux}', 'attach', '-t', '{target}'])).toMatchObject({ ok: false });
    expect(planRemoteJump(pane, ['xterm', '-e', 'screen', '{target}'], 'linux')).toMatchObject({ kind: 'impossible' });
  });
});
