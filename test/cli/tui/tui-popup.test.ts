/**
 * Jump from the popup: a real tmux client (run inside a pane of a second private tmux server, so
 * its screen can be read) opens `trailboss tui --popup` in a `display-popup -E`; Enter moves that
 * very client to the waiting agent's pane and the popup closes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEngineHarness, type EngineHarness } from '../../support/engine-harness.ts';
import { poll } from '../../support/poll.ts';
import { PINNED_NODE } from '../../support/run-node.ts';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { attachClient, waitJumpedAndClosed } from '../../support/attached-client.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';

const LAUNCHER = join(import.meta.dirname, '../../../bin/trailboss.mjs');

let h: EngineHarness | null = null;
let outer: PrivateTmux | null = null;
let popup: ChildProcess | null = null;
afterEach(async () => {
  popup?.kill();
  popup = null;
  await outer?.kill();
  await h?.dispose();
  outer = null;
  h = null;
});

describe('trailboss tui --popup', { timeout: 150_000 }, () => {
  it('Enter jumps the client that opened the popup to the pane, and the popup closes', async () => {
    h = await startEngineHarness({ api: true });
    const engine = h.engine;
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'agent' });
    await poll(async () => {
      const q = await engine.api['queue:list']({});
      return q.ok && q.value.length === 1;
    }, 'the agent queued');
    // The user's own session, with a client attached from a terminal (a pane of the outer server).
    await h.tmux.newPane('exec sleep 600', { session: 'work', width: 100, height: 30 });
    const client = await attachClient(h, 'work');
    outer = client.outer;
    const { tty, view, screen } = client;
    const command = `'${PINNED_NODE}' '${LAUNCHER}' tui --popup`;
    // As the key binding would: display-popup waits until the popup closes, so it runs beside the test.
    popup = spawn(
      'tmux',
      [
        '-S',
        h.socket,
        '-f',
        '/dev/null',
        'display-popup',
        '-c',
        tty,
        '-w',
        '90',
        '-h',
        '26',
        '-e',
        `TRAILBOSS_HOME=${join(h.home, 'tb')}`,
        '-E',
        command,
      ],
      { env: { ...process.env, TMUX: undefined, TMUX_PANE: undefined }, stdio: 'ignore' },
    );
    const closed = new Promise<number | null>((done) => popup?.on('exit', (code) => done(code)));
    await poll(async () => (await screen()).includes('⏎ Jump & close'), 'the popup shows the queue', { timeoutMs: 60_000, intervalMs: 50 });
    expect(await screen()).toContain('agent:0.0');
    await outer.tmux(['send-keys', '-t', view, 'Enter']);
    // That client now shows the agent's pane, and the popup is gone from its screen.
    const after = await waitJumpedAndClosed(h, client, 'agent', agent.paneId);
    expect(after).not.toContain('⏎ Jump');
    expect(await closed).toBe(0);
    expect(await agent.keyNames()).toEqual([]);
  });
});
