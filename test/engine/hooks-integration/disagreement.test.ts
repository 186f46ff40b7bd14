/**
 * When hooks and the pane disagree, no wrong state stays behind: a permission claim the pane never
 * confirms gives way after the grace period; an Esc that fires no Stop still ends in idle; an
 * engine restart keeps a hook-announced prompt until it is answered; a hook from a session in no
 * watched pane queues nothing; a hook without the token changes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeIdleWorking, claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import type { EventLog } from './support.ts';
import { RELEASE_KEY, heldWorking, paneKeyOf, payload, postHook, queue, recordItemEvents, waitForTruth } from './support.ts';
import { poll } from '../../support/poll.ts';

/** The engine's grace period for a hook claim the pane contradicts (engine.ts machineConfig). */
const GRACE_MS = 2_000;

let h: EngineHarness | null = null;
let events: EventLog | null = null;
afterEach(async () => {
  events?.stop();
  events = null;
  await h?.dispose();
  h = null;
});

async function idleClaude(opts: { workingStepMs?: number } = {}) {
  h = await startEngineHarness({ api: true });
  const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(opts), { session: 'idle-one' });
  const idle = await poll(async () => (await queue(h!.engine)).find((i) => i.reason === 'idle'), 'the idle item');
  events = recordItemEvents(h.engine);
  return { h, agent, idle, pane: paneKeyOf(h.socket, agent), origin: { paneId: agent.paneId, socket: h.socket } };
}

describe('hooks integration: disagreement with the pane', () => {
  it('a PermissionRequest the idle pane never shows gives way to the pane after the grace period', async () => {
    const { h, agent, pane, origin } = await idleClaude();
    await postHook(h.engine, payload('PermissionRequest.json'), origin);
    const claimed = await poll(() => events!.added.find((a) => a.item.reason === 'permission'), 'the hook-born permission item');
    const gone = await poll(() => events!.resolved.find((r) => r.id === claimed.item.id), 'the false permission item resolved', {
      timeoutMs: GRACE_MS + 6_000,
    });
    // Not before the grace period: a hook is fresher than the pane's last captures.
    expect(gone.t - claimed.t).toBeGreaterThanOrEqual(GRACE_MS - 200);
    await waitForTruth(h.engine, pane, (s) => s.state === 'idle' && s.source === 'pane', 'the pane’s idle state');
    const items = await queue(h.engine);
    expect(items.map((i) => i.reason)).toEqual(['idle']);
    expect(await agent.keyNames()).toEqual([]);
  });

  it('Esc during a turn fires no Stop: the interrupted pane’s idle screen still makes the agent idle', async () => {
    const { h, agent, pane, origin } = await idleClaude({ workingStepMs: 60_000 });
    await agent.send('g', 'o', 'Enter');
    await postHook(h.engine, payload('UserPromptSubmit.json'), origin);
    await waitForTruth(h.engine, pane, (s) => s.state === 'working' && s.source === 'pane', 'the pane seen working');
    const before = events!.added.length;
    await agent.send('Escape');
    await agent.waitForState('interrupted');
    const idle = await poll(() => events!.added.slice(before).find((a) => a.item.reason === 'idle'), 'an idle item without any Stop hook');
    expect(idle.item.paneKey).toBe(pane);
    expect(h.engine.truth.get(pane)).toMatchObject({ state: 'idle', source: 'pane' });
    // Only UserPromptSubmit arrived: the idle state came from the pane alone.
    expect(h.engine.store.hooks.list().map((c) => c.name)).toEqual(['UserPromptSubmit']);
  });

  it('an engine restarted between PermissionRequest and the answer keeps the item, which resolves when the pane is answered', async () => {
    h = await startEngineHarness({ api: true });
    const agent = await startScriptedAgent(h.tmux, heldWorking(claudePermBash()), { session: 'api-worker' });
    const pane = paneKeyOf(h.socket, agent);
    const origin = { paneId: agent.paneId, socket: h.socket };
    await waitForTruth(h.engine, pane, (s) => s.state === 'working', 'the pane seen working');
    await postHook(h.engine, payload('PermissionRequest.json'), origin);
    await agent.send(RELEASE_KEY);
    const before = await poll(
      async () => (await queue(h!.engine)).find((i) => i.approveLabel === 'Yes'),
      'the item with the pane’s options',
    );

    await h.restart();
    events = recordItemEvents(h.engine);
    const after = await poll(
      async () => (await queue(h!.engine)).find((i) => i.id === before.id && i.approveLabel === 'Yes'),
      'the item after the restart',
    );
    expect(after).toMatchObject({ firstSeen: before.firstSeen, subject: 'ls -la /tmp' });
    await waitForTruth(h.engine, pane, (s) => s.state === 'permission' && s.source === 'pane', 'the prompt seen again after the restart');
    // The same wait, not a new one: nothing resolved or opened while the new engine caught up.
    expect((await queue(h.engine)).map((i) => i.id)).toEqual([before.id]);
    expect([events.added, events.resolved]).toEqual([[], []]);

    await agent.send('1');
    await postHook(h.engine, payload('PostToolUse.json'), origin);
    const resolved = await poll(() => events!.resolved.find((r) => r.id === before.id), 'the item resolved');
    expect(resolved.resolution).toBe('answered-in-pane');
    expect((await queue(h.engine)).filter((i) => i.reason === 'permission')).toEqual([]);
    const audit = await h.engine.api['audit:list']({ limit: 10, before: null });
    expect(audit.ok && audit.value).toEqual([]);
  });
});

describe('hooks integration: hooks that must not queue anything', () => {
  it('a hook from a session in no watched pane is kept as context and queues nothing', async () => {
    const { h, idle, origin } = await idleClaude();
    const elsewhere = payload('PermissionRequest.json', { session_id: 'not-in-a-watched-pane' });
    expect((await postHook(h.engine, elsewhere, { paneId: '%999', socket: h.socket })).status).toBe(202);
    // Deliveries are handled in arrival order: once the next hook's effect shows, the first was handled.
    await postHook(h.engine, payload('Stop.json'), origin);
    await poll(() => h!.engine.truth.get(paneKeyOf(h!.socket, { paneId: origin.paneId }))?.lastHookAt, 'the Stop hook applied');
    expect(h.logger.entries.filter((e) => e.event === 'claude.hook-unmapped')).toMatchObject([
      { fields: { event: 'PermissionRequest', session: 'not-in-a-watched-pane' } },
    ]);
    expect((await queue(h.engine)).map((i) => i.id)).toEqual([idle.id]);
    expect(events!.added).toEqual([]);
  });

  it('a hook without the token, or with a wrong one, changes nothing in the queue', async () => {
    h = await startEngineHarness({ api: true });
    const agent = await startScriptedAgent(h.tmux, heldWorking(claudePermBash()), { session: 'api-worker' });
    const pane = paneKeyOf(h.socket, agent);
    const origin = { paneId: agent.paneId, socket: h.socket };
    await waitForTruth(h.engine, pane, (s) => s.state === 'working', 'the pane seen working');
    events = recordItemEvents(h.engine);
    expect((await postHook(h.engine, payload('PermissionRequest.json'), origin, null)).status).toBe(401);
    expect((await postHook(h.engine, payload('PermissionRequest.json'), origin, 'f'.repeat(64))).status).toBe(401);
    expect(h.engine.store.hooks.list()).toEqual([]);
    expect(h.engine.truth.get(pane)).toMatchObject({ state: 'working', lastHookAt: null });
    expect(await queue(h.engine)).toEqual([]);
    // The same payload with the token does queue: the refusal above was the token's doing.
    expect((await postHook(h.engine, payload('PermissionRequest.json'), origin)).status).toBe(202);
    await poll(() => events!.added[0], 'the item from the authorised hook');
  });
});
