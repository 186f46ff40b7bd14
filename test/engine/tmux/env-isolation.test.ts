import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { BatchTmuxClient } from '../../../main/engine/tmux/batch-client.ts';
import { ControlModeClient } from '../../../main/engine/tmux/control-client.ts';
import type { TmuxClient } from '../../../main/engine/tmux/types.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';

// "The default server" must mean tmux's default socket, even when the app was started inside
// another tmux (TMUX and TMUX_PANE set). The default socket lives in $TMUX_TMPDIR, which this test
// points at a temp dir, so the real default server is never touched.
describe.each([
  ['control mode', (): TmuxClient => new ControlModeClient({ kind: 'default' }, realRunner, { logger: silentLogger, clock: systemClock })],
  ['batch', (): TmuxClient => new BatchTmuxClient({ kind: 'default' }, realRunner, { logger: silentLogger })],
])('%s client and an inherited TMUX', (_name, make) => {
  let tmp: string;
  let defaultServer: PrivateTmux;
  let enclosing: PrivateTmux;
  let client: TmuxClient;
  const saved = { TMUX: process.env.TMUX, TMUX_PANE: process.env.TMUX_PANE, TMUX_TMPDIR: process.env.TMUX_TMPDIR };

  beforeEach(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'tb-tmuxtmp-'));
    const uidDir = join(tmp, `tmux-${process.getuid?.() ?? 0}`);
    mkdirSync(uidDir, { mode: 0o700 });
    defaultServer = await startPrivateTmux({ socketPath: join(uidDir, 'default') });
    enclosing = await startPrivateTmux();
    const enclosingPane = await enclosing.newPane('cat', { session: 'enclosing' });
    const enclosingSocket = (await enclosing.tmux(['display-message', '-p', '#{socket_path}'])).trim();
    process.env.TMUX_TMPDIR = tmp;
    process.env.TMUX = `${enclosingSocket},1,0`;
    process.env.TMUX_PANE = enclosingPane;
    client = make();
  });

  afterEach(async () => {
    await client.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await defaultServer.kill();
    await enclosing.kill();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('lists the default server, not the tmux it was started from', async () => {
    await defaultServer.newPane('cat', { session: 'mine' });
    expect((await client.listPanes()).map((p) => p.sessionName)).toEqual(['mine']);
  });

  it('sees no server when the default one is not running, whatever TMUX says', async () => {
    expect(await client.listPanes()).toEqual([]);
  });
});
