/**
 * Deny with a message, end to end: the engine on a private tmux server, scripted agents drawing the
 * real captures and recording every key. Claude: Down to `4. No`, Tab, the message pasted into the
 * field, Enter only once the field shows it. Codex and opencode: the deny key, then the message at the
 * input prompt. Refusals send nothing (or nothing more) and say what the screen showed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeDenyFieldPrompt, codexExecApproval, opencodeBashApproval, auggieShellApproval } from '../support/scenarios/index.ts';
import type { ScriptedAgent } from '../support/scripted-agent/start.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { poll } from '../support/poll.ts';
import type { Scenario } from '../support/scripted-agent/scenario.ts';

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

async function promptItem(harness: EngineHarness) {
  return poll(async () => {
    const env = await harness.engine.api['queue:list']({});
    return env.ok ? env.value.find((i) => i.reason === 'permission' && i.denyLabel) : undefined;
  }, 'a permission item with a deny label');
}

async function start(scenario: Scenario): Promise<{ harness: EngineHarness; agent: ScriptedAgent }> {
  h = await startEngineHarness();
  const agent = await startScriptedAgent(h.tmux, scenario, { session: 'worker' });
  return { harness: h, agent };
}

async function deny(harness: EngineHarness, message: string) {
  const item = await promptItem(harness);
  const env = await harness.engine.api['item:deny']({ id: item.id, fingerprint: item.fingerprint, message });
  if (!env.ok) throw new Error(env.error.message);
  return { item, result: env.value };
}

describe('deny with a message: Claude Code, through the "4. No" field', () => {
  it('moves to No, opens the field with Tab, pastes the message, Enter: the agent gets exactly the text', async () => {
    const { harness, agent } = await start(claudeDenyFieldPrompt());
    const message = 'use pnpm 4 y instead';
    const { result } = await deny(harness, message);
    expect(result).toMatchObject({ outcome: 'confirmed' });
    expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'Enter']);
    expect((await agent.submissions()).map((s) => s.text)).toEqual([message]);
    await agent.waitForState('denied-with-message');
    const audit = await harness.engine.api['audit:list']({ limit: 20, before: null });
    const rows = audit.ok ? audit.value : [];
    expect(rows.some((r) => r.text === message && /deny with a message/.test(r.why))).toBe(true);
  });

  it('never Tabs on a Yes row: when the marker does not reach No, nothing more is sent', async () => {
    // Down moves nowhere here: the marker stays on 1. Yes, so Tab (which would amend the approval) must not follow.
    const stuck = claudeDenyFieldPrompt();
    const states = { ...stuck.states, prompt: { ...stuck.states['prompt']!, keys: { ...stuck.states['prompt']!.keys, Down: 'prompt' } } };
    const { harness, agent } = await start({ ...stuck, states });
    const { result } = await deny(harness, 'use pnpm');
    expect(result.outcome).toBe('changed');
    expect(result.message).toMatch(/marker did not reach "4\. No".*1\. Yes/);
    expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down']);
  }, 30_000);

  it('no field: Tab on No opens nothing, so the message is not typed', async () => {
    const base = claudeDenyFieldPrompt();
    const { Tab: _noField, ...keys } = base.states['prompt-4']!.keys!;
    const { harness, agent } = await start({ ...base, states: { ...base.states, 'prompt-4': { ...base.states['prompt-4']!, keys } } });
    const { result } = await deny(harness, 'use pnpm');
    expect(result.outcome).toBe('changed');
    expect(result.message).toMatch(/did not open an empty text field on "4\. No" \(the marker is on "4\. No"\)/);
    expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down', 'Tab']);
  }, 30_000);

  it('text not shown: a field that drops the paste gets C-u, no Enter, and the answer says what it showed', async () => {
    const base = claudeDenyFieldPrompt();
    const { input: _noEditor, ...field } = base.states['field']!;
    const { harness, agent } = await start({ ...base, states: { ...base.states, field } });
    const { result } = await deny(harness, 'use pnpm');
    expect(result.outcome).toBe('changed');
    expect(result.message).toMatch(/field did not show the typed text \(it showed ""\); what was typed was cleared and Enter was not sent/);
    // C-u is the last key and the answer does not wait for its drawing: wait for the agent's record of it.
    const keys = await poll(async () => {
      const names = await agent.keyNames();
      return names.includes('C-u') ? names : undefined;
    }, 'the C-u that clears the field');
    expect(keys).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'C-u']);
    expect(await agent.submissions()).toEqual([]);
  }, 30_000);

  it('refuses a message with a control character before anything is sent', async () => {
    const { harness, agent } = await start(claudeDenyFieldPrompt());
    const item = await promptItem(harness);
    const env = await harness.engine.api['item:deny']({ id: item.id, fingerprint: item.fingerprint, message: 'ok\u001b[B\r1' });
    expect(env.ok).toBe(false);
    expect(await agent.keyNames()).toEqual([]);
  });
});

describe('deny with a message: the deny key, then the input prompt', () => {
  it('Codex: `3`, then the message in the composer and Enter', async () => {
    const { harness, agent } = await start(codexExecApproval());
    const message = 'run the tests first, then 1 and y';
    const { result } = await deny(harness, message);
    expect(result).toMatchObject({ outcome: 'confirmed' });
    expect(await agent.keyNames()).toEqual(['3', 'C-u', 'Paste', 'Enter']);
    expect((await agent.submissions()).map((s) => s.text)).toEqual([message]);
  });

  it('opencode: Escape (Reject), then the message in the input box', async () => {
    const { harness, agent } = await start(opencodeBashApproval());
    const message = 'not in that folder';
    const { result } = await deny(harness, message);
    expect(result).toMatchObject({ outcome: 'confirmed' });
    expect(await agent.keyNames()).toEqual(['Escape', 'C-u', 'Paste', 'Enter']);
    expect((await agent.submissions()).map((s) => s.text)).toEqual([message]);
  });

  it('auggie: refused with the reason, nothing sent, plain deny still works', async () => {
    const { harness, agent } = await start(auggieShellApproval());
    const { item, result } = await deny(harness, 'no');
    expect(result.outcome).toBe('refused');
    expect(result.message).toMatch(/no verified way.*plain deny is still offered/);
    expect(await agent.keyNames()).toEqual([]);
    const plain = await harness.engine.api['item:deny']({ id: item.id, fingerprint: item.fingerprint });
    expect(plain).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
  });
});
