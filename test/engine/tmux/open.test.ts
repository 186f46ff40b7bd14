import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { BatchTmuxClient } from '../../../main/engine/tmux/batch-client.ts';
import { ControlModeClient } from '../../../main/engine/tmux/control-client.ts';
import { openTmuxClient } from '../../../main/engine/tmux/open.ts';
import type { TmuxClient } from '../../../main/engine/tmux/types.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { countingRunner } from './support/counting-runner.ts';
import { showTextCommand } from './support/pane-programs.ts';

describe('openTmuxClient', () => {
  let t: PrivateTmux;
  const opened: TmuxClient[] = [];

  beforeEach(async () => {
    t = await startPrivateTmux();
  });

  afterEach(async () => {
    for (const c of opened.splice(0)) await c.close();
    await t.kill();
  });

  async function open(
    mode: 'auto' | 'control' | 'batch',
    runner = countingRunner().runner,
    logger = new MemoryLogger(),
  ): Promise<TmuxClient> {
    const c = await openTmuxClient(t.server, runner, { mode, logger });
    opened.push(c);
    return c;
  }

  it('auto picks control mode when it works', async () => {
    await t.newPane('cat', { session: 'work' });
    expect(await open('auto')).toBeInstanceOf(ControlModeClient);
  });

  it('batch gives the batch client without starting any process', async () => {
    const { runner, started } = countingRunner();
    expect(await open('batch', runner)).toBeInstanceOf(BatchTmuxClient);
    expect(started.runs.length + started.spawns.length).toBe(0);
  });

  it('auto falls back to batch, and says so, when control mode cannot start', async () => {
    await t.newPane(showTextCommand('ok'), { session: 'work' });
    const base = countingRunner().runner;
    // A tmux that cannot do control mode: the long-lived client fails to start.
    const runner = { run: base.run, spawnLongLived: () => countingRunner(() => '/nonexistent/tmux').runner.spawnLongLived('tmux', []) };
    const logger = new MemoryLogger();
    const client = await open('auto', runner, logger);
    expect(client).toBeInstanceOf(BatchTmuxClient);
    expect(logger.entries.map((e) => e.event)).toContain('tmux.control.unavailable');
    expect((await client.listPanes()).map((p) => p.sessionName)).toEqual(['work']);
  });

  it('auto keeps control mode when no server runs yet, and connects once one does', async () => {
    const client = await open('auto');
    expect(client).toBeInstanceOf(ControlModeClient);
    expect(await client.listPanes()).toEqual([]);
    const pane = await t.newPane(showTextCommand('late'), { session: 'work' });
    expect((await client.listPanes()).map((p) => p.paneId)).toEqual([pane]);
  });
});
