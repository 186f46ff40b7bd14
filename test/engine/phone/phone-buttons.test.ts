/**
 * The phone channel end to end: scripted agents in a private tmux server, the real engine, and the
 * stand-in Bot API (Telegram's servers cannot be reached from here; test/support/bot-api/stand-in.ts
 * says which documented behaviour each of its rules reproduces). Buttons can only approve what the
 * message showed, once, for the paired user alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import type { PhoneRig } from './support.ts';
import { buttonTexts, OWNER, STRANGER, startPhoneRig, waitForAnswer, waitForMessage } from './support.ts';
import { changingPrompt, isPrompt, waitForItem } from '../../support/chat-rig.ts';

let rig: PhoneRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

describe('phone: a permission prompt becomes a message whose buttons do exactly what they say', () => {
  it('sends one HTML message naming the agent, what it asks, with Approve: <label>, Deny and Snooze 30m', async () => {
    rig = await startPhoneRig();
    await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    const item = await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    expect(buttonTexts(m)).toEqual([`Approve: ${item.approveLabel}`, 'Deny', 'Deny with a message…', 'Snooze 30m']);
    expect(m.text).toContain(`claude · ${item.target} · this machine`);
    expect(m.text).toContain('ls -la /tmp');
    expect(m.html).toContain('<pre>');
    for (const b of m.keyboard!.flat()) expect(b.callback_data).toMatch(/^v1:[A-Za-z0-9_-]{22}$/);
  });

  it('Approve sends exactly the approve key once, answers the press, edits the message and audits it as telegram', async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    rig.tg.press(OWNER, OWNER.id, m.message_id, 'Approve:');
    expect(await waitForAnswer(rig.tg, 1)).toMatch(/^✅ Approved from Telegram/);
    expect(await agent.keyNames()).toEqual(['1']);
    await poll(() => m.keyboard === null && m.text.includes('Approved from Telegram'), 'the message edited to its outcome');
    const audit = await rig.h.engine.api['audit:list']({ limit: 10, before: null });
    expect(audit.ok && audit.value.map((a) => [a.keys, a.origin])).toEqual([[['1'], 'telegram']]);
  });

  it('Deny sends the deny key and never a yes', async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    rig.tg.press(OWNER, OWNER.id, m.message_id, 'Deny');
    expect(await waitForAnswer(rig.tg, 1)).toMatch(/^⛔ Denied from Telegram/);
    expect(await agent.keyNames()).toEqual(['4']);
  });

  it('a double tap acts once; the second tap is told it was already answered', async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const data = m.keyboard!.flat()[0]!.callback_data;
    rig.tg.pressData(OWNER, OWNER.id, m.message_id, data);
    rig.tg.pressData(OWNER, OWNER.id, m.message_id, data);
    await waitForAnswer(rig.tg, 2);
    const texts = rig.tg.answers.map((a) => a.text);
    expect(texts.filter((t) => t.startsWith('✅ Approved'))).toHaveLength(1);
    expect(texts.filter((t) => t === 'This was already answered.')).toHaveLength(1);
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('a stale button after the prompt changed sends nothing, and the new prompt gets a new message', async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, changingPrompt(), { session: 'api-worker' });
    const first = await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const staleApprove = m.keyboard!.flat()[0]!.callback_data;
    await agent.send('F2');
    await waitForItem(rig.h, (i) => isPrompt(i) && i.fingerprint !== first.fingerprint, 'the changed prompt');
    const second = await waitForMessage(rig, 2);
    expect(second.text).not.toContain('ls -la /tmp');
    await poll(() => m.keyboard === null, 'the first message lost its buttons');
    rig.tg.pressData(OWNER, OWNER.id, m.message_id, staleApprove);
    expect(await waitForAnswer(rig.tg, 1)).toMatch(/out of date/);
    expect(await agent.keyNames()).toEqual(['F2']);
  });

  it("a stranger's press and message do nothing and get no answer", async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const data = m.keyboard!.flat()[0]!.callback_data;
    // The same data from someone else, in the owner's chat and in their own; then a typed yes.
    rig.tg.pressData(STRANGER, OWNER.id, m.message_id, data);
    rig.tg.pressData(STRANGER, STRANGER.id, m.message_id, data);
    rig.tg.sendText(STRANGER, 'y');
    // The stand-in forgets an update only once the engine confirmed it with a later offset: all were handled.
    await poll(() => rig!.tg.pendingUpdates() === 0, 'the stranger updates consumed');
    expect(rig.tg.answers).toEqual([]);
    expect(rig.tg.callsOf('sendMessage').filter((p) => p['chat_id'] === STRANGER.id)).toEqual([]);
    expect(await agent.keyNames()).toEqual([]);
    expect(m.keyboard).not.toBeNull();
  });
});
