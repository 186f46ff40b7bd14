import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { BatchTmuxClient } from '../../../main/engine/tmux/batch-client.ts';
import { serverKey, type TmuxServer } from '../../../main/engine/tmux/types.ts';
import { createJumper, type JumperDeps } from '../../../main/engine/jump/item-jumper.ts';
import { detachedLauncher } from '../../../main/engine/platform/launch-detached.ts';
import { startPrivateTmux, type PrivateTmux } from '../../support/tmux-server.ts';
import { FakeEngine } from '../../shell/support/fake-engine.ts';
import { queueItem } from '../../support/queue-items.ts';

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

function deps(engine: FakeEngine, servers: TmuxServer[] = []): JumperDeps {
  return {
    queueList: engine.api['queue:list'],
    tmuxFor: (server) => {
      servers.push(server);
      return new BatchTmuxClient(server, realRunner, { logger: silentLogger });
    },
    terminalCommand: () => ({ ok: true, argv: null }),
    runner: realRunner,
    launcher: detachedLauncher(),
    processes: async () => new Map(),
    clock: systemClock,
    platform: 'linux',
    x11: false,
  };
}

describe('createJumper', () => {
  it('finds the item’s pane on its own server and switches the attached client there', async () => {
    const pane = await tmux.newPane('sleep 600', { session: 'agents' });
    await tmux.newPane('sleep 600', { session: 'home' });
    const client = await tmux.attachClient('home');
    detach = client.detach;
    const engine = new FakeEngine();
    engine.items = [queueItem({ id: 'a', paneKey: `${serverKey(tmux.server)}|${pane}`, sessionName: 'agents', target: 'agents:0.0' })];
    const servers: TmuxServer[] = [];
    const outcome = await createJumper(deps(engine, servers))('a');
    expect(servers).toEqual([tmux.server]);
    expect(outcome).toMatchObject({
      itemId: 'a',
      action: 'jump',
      outcome: 'unconfirmed',
      message: expect.stringMatching(/^switched the terminal on .* to agents:0\.0, but could not bring its window forward/),
    });
    expect((await tmux.tmux(['display-message', '-c', client.tty, '-p', '#{pane_id}'])).trim()).toBe(pane);
  });

  it('answers gone for an item no longer in the queue', async () => {
    expect(await createJumper(deps(new FakeEngine()))('nope')).toEqual({
      itemId: 'nope',
      action: 'jump',
      outcome: 'gone',
      message: 'item nope is not in the queue',
    });
  });

  it('refuses, saying why, when the configured terminal command cannot be read', async () => {
    const engine = new FakeEngine();
    engine.items = [queueItem({ id: 'a' })];
    const outcome = await createJumper({ ...deps(engine), terminalCommand: () => ({ ok: false, problem: 'unclosed single quote' }) })('a');
    expect(outcome).toEqual({ itemId: 'a', action: 'jump', outcome: 'refused', message: 'cannot jump: unclosed single quote' });
  });

  it('refuses an item whose pane key it cannot read', async () => {
    const engine = new FakeEngine();
    engine.items = [queueItem({ id: 'a', paneKey: 'garbage' })];
    expect((await createJumper(deps(engine))('a')).outcome).toBe('refused');
  });
});
