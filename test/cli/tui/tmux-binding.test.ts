/**
 * The binding `trailboss tmux install` writes, pressed in a real attached client: the user's tmux
 * client runs inside a pane of a second private server (so it has a terminal and its screen can be
 * read), prefix + T opens the popup with the queue, Enter jumps that client to the agent's pane and
 * the popup closes. The user's "default" server is the engine's private one, reached through a
 * socket directory under a temp TMUX_TMPDIR; HOME is a temp dir too.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEngineHarness, type EngineHarness } from '../../support/engine-harness.ts';
import { poll } from '../../support/poll.ts';
import { runNode } from '../../support/run-node.ts';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { attachClient, waitJumpedAndClosed } from '../../support/attached-client.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';

const LAUNCHER = join(import.meta.dirname, '../../../bin/trailboss.mjs');

let h: EngineHarness | null = null;
let outer: PrivateTmux | null = null;
afterEach(async () => {
  await outer?.kill();
  await h?.dispose();
  outer = null;
  h = null;
});

describe('the installed tmux binding', { timeout: 150_000 }, () => {
  it('the status line shows the count; prefix + T in an attached client shows the queue in a popup; Enter jumps that client to the pane and closes it', async () => {
    h = await startEngineHarness({ api: true });
    const harness = h;
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'agent' });
    await poll(async () => {
      const q = await harness.engine.api['queue:list']({});
      return q.ok && q.value.length === 1;
    }, 'the agent queued');
    await h.tmux.newPane('exec sleep 600', { session: 'work', width: 100, height: 30 });
    // The user's socket directory holds their default server: the engine's private one.
    const socketDir = join(h.home, `tmux-${process.getuid?.() ?? 0}`);
    mkdirSync(socketDir, { mode: 0o700 });
    symlinkSync(h.socket, join(socketDir, 'default'));
    writeFileSync(join(h.home, '.tmux.conf'), 'set -g status-right "mine"\n');
    await h.tmux.tmux(['source-file', join(h.home, '.tmux.conf')]);
    const env = { HOME: h.home, TMUX_TMPDIR: h.home, TRAILBOSS_HOME: join(h.home, 'tb'), PATH: '/usr/local/bin:/usr/bin:/bin' };
    const install = await runNode([LAUNCHER, 'tmux', 'install'], { env });
    expect(install.code).toBe(0);
    expect(install.stdout).toContain(`server ${join(socketDir, 'default')}: updated`);

    const client = await attachClient(harness, 'work');
    outer = client.outer;
    const { view, screen } = client;
    // The status line: the user's own text, then the count and the oldest wait.
    await poll(async () => /mine ⏳1 \d+[sm]\s*$/m.test(await screen()), 'the status segment after the user status', { timeoutMs: 60_000 });
    await outer.tmux(['send-keys', '-t', view, 'C-b', 'T']);
    await poll(async () => (await screen()).includes('⏎ Jump & close'), 'the popup shows the queue', { timeoutMs: 60_000, intervalMs: 50 });
    expect(await screen()).toContain('agent:0.0');
    await outer.tmux(['send-keys', '-t', view, 'Enter']);
    const after = await waitJumpedAndClosed(harness, client, 'agent', agent.paneId);
    expect(after).not.toContain('⏎ Jump');
    expect(await agent.keyNames()).toEqual([]);
  });
});
