import { describe, expect, it } from 'vitest';
import type { HostShell } from '../../../main/engine/hosts/host-shell.ts';
import { parsePsTable, remoteRunner } from '../../../main/engine/snapshot/remote-site.ts';

describe('parsePsTable', () => {
  it('reads pid, ppid, program name and args; a renamed main thread or a full path still names the program', () => {
    const table = parsePsTable(
      [
        '    1     0 systemd         /sbin/init splash',
        ' 4242  4100 claude          claude --model opus',
        ' 4300  4242 MainThread      /home/dev/.local/bin/augment --print',
        ' 4400     1 /usr/local/bin/codex /usr/local/bin/codex exec',
        ' 4500     1 kworker/0:1',
        'garbage line',
        '',
      ].join('\n'),
    );
    expect([...table.values()]).toEqual([
      { pid: 1, ppid: 0, comm: 'systemd', argv: '/sbin/init splash' },
      { pid: 4242, ppid: 4100, comm: 'claude', argv: 'claude --model opus' },
      { pid: 4300, ppid: 4242, comm: 'augment', argv: '/home/dev/.local/bin/augment --print' },
      { pid: 4400, ppid: 1, comm: 'codex', argv: '/usr/local/bin/codex exec' },
      { pid: 4500, ppid: 1, comm: 'kworker/0:1', argv: '' },
    ]);
  });
});

describe('remoteRunner', () => {
  it('runs the program through env on the host: variables set, removed ones unset, argv kept word for word', async () => {
    const calls: (readonly string[])[] = [];
    const shell: HostShell = {
      host: 'gpu',
      run: async (argv) => {
        calls.push(argv);
        return { stdout: '', stderr: '', exitCode: 0 };
      },
      stream: () => Promise.reject(new Error('not used')),
    };
    await remoteRunner(shell).run('git', ['-C', '/srv/my repo', 'log'], { env: { LC_ALL: 'C', TMUX: undefined }, timeoutMs: 5000 });
    expect(calls).toEqual([['env', '-u', 'TMUX', 'LC_ALL=C', 'git', '-C', '/srv/my repo', 'log']]);
  });
});
