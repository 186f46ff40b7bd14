import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { BatchTmuxClient } from '../../../main/engine/tmux/batch-client.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { describeTmuxClientContract } from './support/client-contract.ts';
import { countingRunner, processCount } from './support/counting-runner.ts';
import { showTextCommand } from './support/pane-programs.ts';

describeTmuxClientContract('batch', (server, runner) => new BatchTmuxClient(server, runner, { logger: silentLogger }));

describe('batch client', () => {
  let t: PrivateTmux;
  beforeEach(async () => {
    t = await startPrivateTmux();
  });
  afterEach(async () => {
    await t.kill();
  });

  it('captures many panes, plain and colour, with one tmux process', async () => {
    const panes: string[] = [];
    for (let i = 0; i < 20; i++) panes.push(await t.newPane(showTextCommand(`p${i}`), { session: 'many', width: 40, height: 5 }));
    const { runner, started } = countingRunner();
    const client = new BatchTmuxClient(t.server, runner, { logger: silentLogger });
    const caps = await client.capture(panes.map((paneId) => ({ paneId, colour: true })));
    expect(caps).toHaveLength(20);
    expect(processCount(started)).toBe(1);
    expect(started.runs[0]).toContain('source-file');
  });
});
