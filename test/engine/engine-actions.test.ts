/**
 * The engine end to end on a private tmux server with scripted agents that draw the real captured
 * screens and record every key: detect → queue → approve/deny/reply with exactly one key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeIdleWorking, claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
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

async function waitingPrompt() {
  return poll(
    async () => (await queue()).find((i) => i.reason === 'permission' && i.approveLabel),
    'a permission item with an approve label',
  );
}

describe('engine: detect and answer a permission prompt', () => {
  it('queues the prompt with its subject and the exact option approve will choose', async () => {
    h = await startEngineHarness();
    await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
    const item = await waitingPrompt();
    expect(item).toMatchObject({ runtime: 'claude', subject: 'ls -la /tmp', tool: 'Bash command', approveLabel: 'Yes', denyLabel: 'No' });
    expect(item.options.map((o) => o.kind)).toEqual(['once', 'always', 'always', 'deny']);
  });

  it('approve sends exactly `1`, confirms the prompt left, resolves the item and audits the key', async () => {
    h = await startEngineHarness();
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
    const item = await waitingPrompt();
    const result = await h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint });
    expect(result).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    expect(await agent.keyNames()).toEqual(['1']);
    // The agent went back to work (then idle): the prompt's item is gone, whatever else waits now.
    expect((await queue()).map((i) => i.id)).not.toContain(item.id);
    expect((await queue()).filter((i) => i.reason === 'permission')).toEqual([]);
    const audit = await h.engine.api['audit:list']({ limit: 10, before: null });
    expect(audit.ok && audit.value.map((a) => a.keys)).toEqual([['1']]);
    expect(audit.ok && audit.value[0]?.outcome).toBe('confirmed');
  });

  it('two approves at once send one key', async () => {
    h = await startEngineHarness();
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
    const item = await waitingPrompt();
    const args = { id: item.id, fingerprint: item.fingerprint };
    const results = await Promise.all([h.engine.api['item:approve'](args), h.engine.api['item:approve'](args)]);
    const outcomes = results.map((r) => (r.ok ? r.value.outcome : r.error.code)).sort();
    expect(outcomes).toContain('confirmed');
    expect(outcomes.filter((o) => o === 'confirmed')).toHaveLength(1);
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('deny sends the No option key and never a yes', async () => {
    h = await startEngineHarness();
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
    const item = await waitingPrompt();
    const result = await h.engine.api['item:deny']({ id: item.id, fingerprint: item.fingerprint });
    expect(result).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    expect(await agent.keyNames()).toEqual(['4']);
  });

  it('a stale fingerprint sends nothing and answers changed', async () => {
    h = await startEngineHarness();
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
    const item = await waitingPrompt();
    const result = await h.engine.api['item:approve']({ id: item.id, fingerprint: 'not-what-the-user-saw' });
    expect(result).toMatchObject({ ok: true, value: { outcome: 'changed' } });
    expect(await agent.keyNames()).toEqual([]);
  });

  it('a prompt answered in the pane leaves the queue as answered-in-pane, with no key from us', async () => {
    h = await startEngineHarness();
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitingPrompt();
    const resolved = new Promise((resolve) => h!.engine.on('item:resolved', resolve));
    await agent.send('4');
    expect(await resolved).toMatchObject({ resolution: 'answered-in-pane' });
    expect((await h.engine.api['audit:list']({ limit: 10, before: null })).ok).toBe(true);
    const audit = await h.engine.api['audit:list']({ limit: 10, before: null });
    expect(audit.ok && audit.value).toEqual([]);
  });

  it('reply types into an idle agent, and is refused at a permission prompt', async () => {
    h = await startEngineHarness();
    const idle = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'idle-one' });
    const item = await poll(async () => (await queue()).find((i) => i.reason === 'idle'), 'an idle item');
    const result = await h.engine.api['item:reply']({ id: item.id, text: 'run the tests, then fix what fails' });
    expect(result).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    const submitted = await poll(async () => {
      const list = await idle.submissions();
      return list.length > 0 ? list : null;
    }, 'the submission');
    expect(submitted.map((s) => s.text)).toEqual(['run the tests, then fix what fails']);

    const prompt = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'prompting' });
    const permission = await waitingPrompt();
    const refused = await h.engine.api['item:reply']({ id: permission.id, text: '1' });
    expect(refused).toMatchObject({ ok: true, value: { outcome: 'refused' } });
    expect(await prompt.keyNames()).toEqual([]);
  });

  it('an open item survives an engine restart with the same id', async () => {
    h = await startEngineHarness();
    await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
    const before = await waitingPrompt();
    await h.restart();
    const after = await waitingPrompt();
    expect(after.id).toBe(before.id);
    expect(after.firstSeen).toBe(before.firstSeen);
  });
});

describe('engine: the same prompt asked again', () => {
  it('queues an identical prompt drawn again right after an approve (an agent re-running the same command)', async () => {
    const { latencyScenario } = await import('../support/scenarios/index.ts');
    h = await startEngineHarness();
    const agent = await startScriptedAgent(h.tmux, latencyScenario('claude', { firstPromptMs: 100, idleMs: 300 }), { session: 'repeat' });
    const first = await waitingPrompt();
    const approved = await h.engine.api['item:approve']({ id: first.id, fingerprint: first.fingerprint });
    expect(approved).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    // 300 ms later the agent shows the very same prompt: a new ask, with a new item.
    const second = await poll(
      async () => (await queue()).find((i) => i.reason === 'permission' && i.id !== first.id && i.approveLabel),
      'the repeated prompt queued again',
    );
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(await agent.keyNames()).toEqual(['1']);
  });
});
