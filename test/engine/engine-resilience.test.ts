/** The engine when tmux misbehaves: the server killed and started again, a pane dying, garbage on screen. */
import { afterEach, describe, expect, it } from 'vitest';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { namedSleeper } from '../support/fake-agent-binary.ts';
import { poll } from '../support/poll.ts';

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

async function queue() {
  const env = await h!.engine.api['queue:list']({});
  if (!env.ok) throw new Error(env.error.message);
  return env.value;
}

describe('engine resilience', () => {
  it('a killed tmux server resolves its items as gone, is logged, and panes on a restarted server are found again', async () => {
    h = await startEngineHarness();
    await startScriptedAgent(h.tmux, claudePermBash(), { session: 'one' });
    const before = await poll(async () => (await queue()).find((i) => i.reason === 'permission'), 'the prompt queued');
    const resolved = new Promise((resolve) => h!.engine.on('item:resolved', resolve));
    await h.tmux.killServer();
    expect(await resolved).toMatchObject({ id: before.id, resolution: 'gone' });
    expect(await queue()).toEqual([]);
    expect(h.logger.entries.map((e) => e.event)).toContain('observer.server-gone');
    await startScriptedAgent(h.tmux, claudePermBash(), { session: 'two' });
    const after = await poll(async () => (await queue()).find((i) => i.reason === 'permission'), 'the new prompt queued');
    expect(after.id).not.toBe(before.id);
    expect(after.target).toBe('two:0.0');
  });

  it('a pane whose agent dies resolves its item as gone (never stuck)', async () => {
    h = await startEngineHarness();
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'dies', afterExit: 'close' });
    const item = await poll(async () => (await queue()).find((i) => i.reason === 'permission'), 'the prompt queued');
    const resolved = new Promise((resolve) => h!.engine.on('item:resolved', resolve));
    await agent.stop();
    expect(await resolved).toMatchObject({ id: item.id, resolution: 'gone' });
  });

  it('binary garbage in an agent pane raises no prompt and does not stop the engine', async () => {
    h = await startEngineHarness();
    const claude = namedSleeper(h.home, 'claude');
    await h.tmux.newPane(`head -c 6000 /dev/urandom; exec '${claude}' 100000`, { session: 'garbage', width: 120, height: 40 });
    await startScriptedAgent(h.tmux, claudePermBash(), { session: 'real' });
    // The real prompt still arrives; the garbage pane never becomes a permission item.
    await poll(async () => (await queue()).find((i) => i.reason === 'permission' && i.target === 'real:0.0'), 'the real prompt queued');
    expect((await queue()).filter((i) => i.target === 'garbage:0.0' && i.reason === 'permission')).toEqual([]);
    const agents = await h.engine.api['agents:list']({});
    expect(agents.ok && agents.value.map((a) => a.target).sort()).toEqual(['garbage:0.0', 'real:0.0']);
  });
});
