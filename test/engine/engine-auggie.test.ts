/**
 * auggie end to end on a private tmux server: a scripted agent draws the real 0.36.0 approval
 * screens. Approve sends exactly `a` (allow this one call), deny exactly `d`; reply and wake-up text
 * is refused there, because a typed `a` or `d` would answer the prompt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { auggieShellApproval } from '../support/scenarios/index.ts';
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

async function auggiePrompt() {
  return poll(async () => (await queue()).find((i) => i.runtime === 'auggie' && i.reason === 'permission'), 'the auggie approval item');
}

describe('engine: auggie approval prompt', () => {
  it('queues it with the single-call Allow as the approve option and Deny as the deny option', async () => {
    h = await startEngineHarness();
    await startScriptedAgent(h.tmux, auggieShellApproval(), { session: 'aug' });
    const item = await auggiePrompt();
    expect(item).toMatchObject({
      subject: 'echo approved >> lab-approve-count.txt',
      tool: 'Terminal',
      approveLabel: 'Allow',
      denyLabel: 'Deny',
    });
  }, 30_000);

  it('approve sends exactly `a` and confirms the prompt left', async () => {
    h = await startEngineHarness();
    const agent = await startScriptedAgent(h.tmux, auggieShellApproval(), { session: 'aug' });
    const item = await auggiePrompt();
    const result = await h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint });
    expect(result).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    expect(await agent.keyNames()).toEqual(['a']);
  }, 30_000);

  it('deny sends exactly `d`, never Escape (which does nothing there)', async () => {
    h = await startEngineHarness();
    const agent = await startScriptedAgent(h.tmux, auggieShellApproval(), { session: 'aug' });
    const item = await auggiePrompt();
    const result = await h.engine.api['item:deny']({ id: item.id, fingerprint: item.fingerprint });
    expect(result).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    expect(await agent.keyNames()).toEqual(['d']);
  }, 30_000);

  it('refuses reply and wake-up text there: not a single key reaches the agent', async () => {
    h = await startEngineHarness();
    const agent = await startScriptedAgent(h.tmux, auggieShellApproval(), { session: 'aug' });
    const item = await auggiePrompt();
    const reply = await h.engine.api['item:reply']({ id: item.id, text: 'add a test, then deploy' });
    expect(reply).toMatchObject({ ok: true, value: { outcome: 'refused' } });
    const wake = await h.engine.api['pane:wake']({ paneKey: item.paneKey, text: 'continue and deploy' });
    expect(wake.ok && wake.value.outcome).toBe('refused');
    expect(await agent.keyNames()).toEqual([]);
  }, 30_000);
});
