/**
 * Codex hooks fused with the pane, end to end: a real engine with its loopback API, a scripted
 * Codex pane held on a working screen, and the real Codex 0.169.0 payloads
 * (test/fixtures/hooks/codex) sent through bin/trailboss-hook.mjs `--runtime codex` with the pane's
 * TMUX_PANE and TMUX, as the hooks `trailboss hooks install --runtime codex` writes would run.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codexExecApproval } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import { poll } from '../../support/poll.ts';
import type { EventLog } from './support.ts';
import { RELEASE_KEY, heldWorking, paneKeyOf, promptAfterHooks, queue, recordItemEvents, waitForTruth } from './support.ts';
import { runNode } from '../../support/run-node.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/hooks/codex');
/** How long the scripted Codex runs its hooks before it draws the prompt: well past the engine's 2 s grace. */
const HOOKS_MS = 4_000;
const codexPayload = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Record<string, unknown>;

let h: EngineHarness | null = null;
let events: EventLog | null = null;
afterEach(async () => {
  events?.stop();
  events = null;
  await h?.dispose();
  h = null;
});

/** The forwarder as Codex runs it from hooks.json: payload on stdin, the pane's tmux variables. */
async function forwardCodex(endpointFile: string, body: Record<string, unknown>, paneId: string, socket: string) {
  const env = { TMUX_PANE: paneId, TMUX: `${socket},${process.pid},0` };
  const args = [resolve('bin/trailboss-hook.mjs'), '--endpoint', endpointFile, '--runtime', 'codex', String(body['hook_event_name'])];
  const { code, stdout, stderr } = await runNode(args, { env, stdin: JSON.stringify(body) });
  return { code, stdout, stderr };
}

async function heldCodex() {
  h = await startEngineHarness({ api: true });
  const agent = await startScriptedAgent(h.tmux, heldWorking(codexExecApproval(), 'panes/codex/working-wait-1'), {
    session: 'codex-worker',
  });
  const pane = paneKeyOf(h.socket, agent);
  await waitForTruth(h.engine, pane, (s) => s.state === 'working', 'the codex pane seen working');
  events = recordItemEvents(h.engine);
  return { h, agent, pane };
}

describe('codex hooks integration', () => {
  it('PermissionRequest queues a codex permission item on that pane before the pane shows the prompt', async () => {
    const { h, agent, pane } = await heldCodex();
    const run = await forwardCodex(h.engine.paths.endpoint, codexPayload('PermissionRequest.json'), agent.paneId, h.socket);
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
    const added = await poll(() => events!.added[0]?.item, 'item:added');
    expect(added).toMatchObject({
      paneKey: pane,
      runtime: 'codex',
      reason: 'permission',
      subject: 'Bash: echo ran >> ran.txt',
      approveLabel: null,
    });
    expect(await agent.currentState()).toBe('held');
  }, 60_000);

  it("the pane's prompt then upgrades the same item, and approve sends exactly `1`", async () => {
    const { h, agent } = await heldCodex();
    await forwardCodex(h.engine.paths.endpoint, codexPayload('PermissionRequest.json'), agent.paneId, h.socket);
    const born = await poll(() => events!.added[0]?.item, 'the hook-born item');
    await agent.send(RELEASE_KEY);
    const upgraded = await poll(() => events!.updated.find((u) => u.item.approveLabel !== null)?.item, 'the item upgraded by the pane');
    expect(upgraded).toMatchObject({ id: born.id, approveLabel: 'Yes, proceed (y)' });
    const result = await h.engine.api['item:approve']({ id: upgraded.id, fingerprint: upgraded.fingerprint });
    expect(result).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    expect((await agent.keyNames()).filter((k) => k !== RELEASE_KEY)).toEqual(['1']);
  }, 60_000);

  it('a prompt Codex draws 4 s after the hook (its hooks still running) upgrades the same item: one arrival, nothing resolved', async () => {
    h = await startEngineHarness({ api: true });
    const agent = await startScriptedAgent(h.tmux, promptAfterHooks(codexExecApproval(), HOOKS_MS, 'panes/codex/working-wait-1'), {
      session: 'codex-worker',
    });
    const pane = paneKeyOf(h.socket, agent);
    await waitForTruth(h.engine, pane, (s) => s.state === 'working', 'the codex pane seen working');
    events = recordItemEvents(h.engine);
    await forwardCodex(h.engine.paths.endpoint, codexPayload('PermissionRequest.json'), agent.paneId, h.socket);
    const born = await poll(() => events!.added[0]?.item, 'the hook-born item');
    await agent.send(RELEASE_KEY);
    const drawn = await agent.waitForState('prompt', { timeoutMs: HOOKS_MS + 30_000 });
    // The pane showed working, not the prompt, for longer than the engine's 2 s grace: the item stood.
    expect(drawn.t - born.firstSeen).toBeGreaterThanOrEqual(HOOKS_MS);
    const upgraded = await poll(() => events!.updated.find((u) => u.item.approveLabel !== null)?.item, 'the item upgraded by the pane');
    expect(upgraded).toMatchObject({ id: born.id, firstSeen: born.firstSeen, approveLabel: 'Yes, proceed (y)' });
    expect((await queue(h.engine)).map((i) => i.id)).toEqual([born.id]);
    expect(events!.added.map((a) => a.item.id)).toEqual([born.id]);
    expect(events!.resolved).toEqual([]);
    const result = await h.engine.api['item:approve']({ id: upgraded.id, fingerprint: upgraded.fingerprint });
    expect(result).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    expect((await agent.keyNames()).filter((k) => k !== RELEASE_KEY)).toEqual(['1']);
  }, 90_000);

  it('a request that ends without a prompt (a user hook decided; PostToolUse, or Stop) still clears the hook-born item at once', async () => {
    const { h, agent } = await heldCodex();
    for (const [i, end] of ['PostToolUse.json', 'Stop.json'].entries()) {
      await forwardCodex(h.engine.paths.endpoint, codexPayload('PermissionRequest.json'), agent.paneId, h.socket);
      const born = await poll(() => events!.added.filter((a) => a.item.reason === 'permission')[i]?.item, `hook-born item ${i + 1}`);
      await forwardCodex(h.engine.paths.endpoint, codexPayload(end), agent.paneId, h.socket);
      const gone = await poll(() => events!.resolved.find((r) => r.id === born.id), `the item cleared by ${end}`);
      expect(gone.resolution).toBe('answered-in-pane');
    }
    expect((await queue(h.engine)).filter((i) => i.reason === 'permission')).toEqual([]);
    expect(await agent.keyNames()).toEqual([]);
  }, 60_000);

  it('a Codex hook from a pane nobody watches queues nothing', async () => {
    const { h, agent, pane } = await heldCodex();
    await forwardCodex(h.engine.paths.endpoint, codexPayload('PermissionRequest.json'), '%999', h.socket);
    // Deliveries are applied in arrival order: once the mapped hook's item exists, the unmapped one was handled.
    await forwardCodex(h.engine.paths.endpoint, codexPayload('PermissionRequest.json'), agent.paneId, h.socket);
    await poll(() => events!.added[0]?.item, 'the mapped hook item');
    expect(events!.added.map((a) => a.item.paneKey)).toEqual([pane]);
  }, 60_000);
});
