/** Jump to a pane on another host for real: the configured terminal (a pty from `script`) runs ssh -t and attaches to the pane. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { createJumper } from '../../../main/engine/jump/item-jumper.ts';
import { detachedLauncher } from '../../../main/engine/platform/launch-detached.ts';
import { serverKey } from '../../../main/engine/tmux/types.ts';
import type { TestSshd } from '../../support/sshd.ts';
import { startSshd } from '../../support/sshd.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { poll } from '../../support/poll.ts';
import { FakeEngine } from '../../shell/support/fake-engine.ts';
import { queueItem as item } from '../../support/queue-items.ts';

let sshd: TestSshd;
let remote: PrivateTmux;
beforeAll(async () => {
  sshd = await startSshd();
  remote = await startPrivateTmux({ socketPath: join(sshd.dir, 'remote.sock') });
});
afterAll(async () => {
  await remote?.kill();
  await sshd?.dispose();
});

async function clients(): Promise<string[]> {
  const r = await remote.run(['list-clients', '-F', '#{client_tty} #{pane_id}']);
  return r.stdout.split('\n').filter(Boolean);
}

describe('jump to a remote pane', () => {
  it('opens the configured terminal running ssh -t to the host, attached with the same pane selected', async () => {
    await remote.newPane('sleep 600', { session: 'agents' });
    const pane = await remote.newPane('sleep 600', { session: 'agents' });
    await remote.newPane('sleep 600', { session: 'other' });
    const engine = new FakeEngine();
    const socketPath = join(sshd.dir, 'remote.sock');
    engine.items = [
      item({
        id: 'a',
        host: 'box',
        paneKey: `@box:${serverKey({ kind: 'socket', path: socketPath })}|${pane}`,
        sessionName: 'agents',
        target: 'agents:1.0',
      }),
    ];
    const jump = createJumper({
      queueList: engine.api['queue:list'],
      tmuxFor: () => {
        throw new Error('a remote jump must not use a local tmux client');
      },
      // `script` gives the "terminal" a pty, as a terminal emulator would.
      terminalCommand: () => ({ ok: true, argv: ['script', '-qfc', '{tmux} attach-session -t {target}', '/dev/null'] }),
      remoteHost: (name) => (name === 'box' ? { destination: sshd.alias, sshConfig: sshd.sshConfig } : null),
      runner: realRunner,
      launcher: detachedLauncher({ TERM: 'xterm-256color' }),
      processes: async () => new Map(),
      clock: systemClock,
      platform: 'linux',
      x11: false,
    });
    const outcome = await jump('a');
    expect(outcome).toMatchObject({
      outcome: 'confirmed',
      message: expect.stringMatching(/opened a terminal on box \(ssh\) attached to %\d+/),
    });
    const [attached] = await poll(
      async () => {
        const list = await clients();
        return list.length > 0 ? list : null;
      },
      'a client attached over ssh',
      { timeoutMs: 15_000 },
    );
    const [tty, current] = attached!.split(' ');
    expect(current).toBe(pane);
    await remote.run(['detach-client', '-t', tty!]);
    await poll(async () => (await clients()).length === 0, 'the client gone', { timeoutMs: 10_000 });
  });
});
