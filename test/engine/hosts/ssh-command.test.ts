import { describe, expect, it } from 'vitest';
import type { HostSpec } from '../../../main/engine/hosts/host-spec.ts';
import { destinationProblem, hostOfPaneKey, hostServers, localPartOfPaneKey } from '../../../main/engine/hosts/host-spec.ts';
import { remoteCommand, shQuote, sshArgv } from '../../../main/engine/hosts/ssh-command.ts';
import { classifySshFailure } from '../../../main/engine/hosts/ssh-failure.ts';
import { sshTmuxLauncher } from '../../../main/engine/hosts/ssh-launcher.ts';
import { OWNER_PID_ARG } from '../../../main/engine/tmux/launcher.ts';
import { serverKey } from '../../../main/engine/tmux/types.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';

const host: HostSpec = { name: 'gpu', destination: 'me@gpu.example', sockets: [], sshConfig: '/etc/tb/ssh_config', enabled: true };

describe('ssh command lines', () => {
  it('always asks for strict host keys, batch mode, a bounded connect and the private control socket', () => {
    const argv = sshArgv(host, '/tmp/tb-ssh-x/gpu.1', 'client', ['tmux', 'list-sessions']);
    expect(argv.slice(0, 2)).toEqual(['-F', '/etc/tb/ssh_config']);
    for (const o of [
      'BatchMode=yes',
      'StrictHostKeyChecking=yes',
      'ConnectTimeout=10',
      'ServerAliveInterval=5',
      'ControlPath=/tmp/tb-ssh-x/gpu.1',
      'ControlMaster=no',
      'ControlPersist=no',
    ]) {
      expect(argv[argv.indexOf(o) - 1]).toBe('-o');
    }
    expect(argv.slice(-3)).toEqual(['--', 'me@gpu.example', "sh -c 'exec '\\''tmux'\\'' '\\''list-sessions'\\'''"]);
    expect(sshArgv(host, '/p', 'master', ['tmux'])).toContain('ControlMaster=yes');
  });

  it('quotes every word so the remote sh gets it back byte for byte', async () => {
    const nasty = ["it's", '$HOME', '`id`', 'a b', ';', '\\n', '"q"', ''];
    const line = remoteCommand(['printf', '%s\\n', ...nasty]);
    // Run the remote command line through a local sh -c, as the login shell would.
    const r = await realRunner.run('sh', ['-c', line]);
    expect(r.stdout.split('\n').slice(0, -1)).toEqual(nasty);
  });

  it('puts the pid of the exec-ed program where the owner pid stands', async () => {
    const r = await realRunner.run('sh', ['-c', remoteCommand(['sh', '-c', 'echo "$1 $$"', 'x', OWNER_PID_ARG], OWNER_PID_ARG)]);
    const [owner, self] = r.stdout.trim().split(' ');
    expect(owner).toBe(self);
    expect(shQuote("a'b")).toBe("'a'\\''b'");
  });

  it('refuses destinations ssh would read as options', () => {
    expect(destinationProblem('-oProxyCommand=x')).toMatch(/option/);
    expect(destinationProblem('a b')).toMatch(/spaces/);
    expect(destinationProblem('me@box')).toBeNull();
  });
});

describe('host pane keys', () => {
  it('carry the host in front of the server key', () => {
    const [server] = hostServers(host);
    expect(serverKey(server!)).toBe('@gpu:default');
    const key = `${serverKey({ kind: 'socket', path: '/tmp/a|b', host: 'gpu' })}|%3`;
    expect(key).toBe('@gpu:S:/tmp/a|b|%3');
    expect(hostOfPaneKey(key)).toBe('gpu');
    expect(localPartOfPaneKey(key)).toBe('S:/tmp/a|b|%3');
    expect(hostOfPaneKey('S:/tmp/s|%1')).toBeNull();
    expect(hostOfPaneKey('default|%1')).toBeNull();
  });
});

describe('ssh failures', () => {
  const cases: [string, string][] = [
    [
      '@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\nHost key verification failed.\n',
      'host-key-changed',
    ],
    [
      'No ED25519 host key is known for [127.0.0.1]:2222 and you have requested strict checking.\nHost key verification failed.\n',
      'host-key-unknown',
    ],
    ['root@127.0.0.1: Permission denied (publickey).\n', 'auth-failed'],
    ['Connection timed out during banner exchange\nConnection to 127.0.0.1 port 4000 timed out\n', 'timeout'],
    ['ssh: connect to host 127.0.0.1 port 1: Connection refused\n', 'unreachable'],
    ['ssh: Could not resolve hostname nowhere: Name or service not known\n', 'unreachable'],
    ['Connection to 127.0.0.1 closed by remote host.\n', 'unreachable'],
    ['something new\n', 'failed'],
  ];
  it.each(cases)('%j is %s', (stderr, kind) => {
    expect(classifySshFailure(stderr).kind).toBe(kind);
  });

  it('tells a remote tmux that is not installed from an ssh failure', () => {
    const launcher = sshTmuxLauncher(host, '/tmp/none/gpu.0');
    expect(launcher.transportFailure('list-sessions', { exitCode: 127, stderr: 'sh: 1: exec: tmux: not found\n' })?.kind).toBe(
      'not-installed',
    );
    expect(launcher.transportFailure('list-sessions', { exitCode: 1, stderr: 'no server running on /tmp/x\n' })).toBeNull();
    expect(launcher.transportFailure('list-sessions', { exitCode: 255, stderr: 'Permission denied (publickey).\n' })?.kind).toBe(
      'unreachable',
    );
  });
});
