/**
 * Deny with a message from the phone: a threaded reply to a permission prompt's message that is not
 * y/n/approve/deny denies the prompt and gives the agent the text — once, only from the paired user,
 * only for the prompt the message showed. Real engine, scripted agents in a private tmux server, the
 * stand-in Bot API (Telegram cannot be reached from here).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeDenyFieldPrompt } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import type { PhoneRig } from './support.ts';
import { botReplies, OWNER, STRANGER, startPhoneRig, waitForMessage } from './support.ts';
import { changingPrompt, waitForItem } from '../../support/chat-rig.ts';

let rig: PhoneRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

const isPrompt = (i: { reason: string; denyLabel: string | null }) => i.reason === 'permission' && i.denyLabel !== null;
const MESSAGE = 'use pnpm 4 y instead';

describe('phone: deny with a message', () => {
  it('a threaded prose reply to a permission prompt denies it and gives the agent the text, once', async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudeDenyFieldPrompt(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    expect(m.text).toMatch(/Reply to this message to deny it and tell the agent what to do instead/);
    rig.tg.sendText(OWNER, MESSAGE, { replyTo: m.message_id });
    await agent.waitForState('denied-with-message', { timeoutMs: 20_000 });
    await poll(() => /Denied from Telegram/.test(m.text), 'the message edited to denied');
    expect((await agent.submissions()).map((s) => s.text)).toEqual([MESSAGE]);
    // The same reply again: the message was answered; nothing more reaches the agent.
    rig.tg.sendText(OWNER, 'and also this', { replyTo: m.message_id });
    await poll(() => botReplies(rig!).length > 0, 'a reply to the second text');
    expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'Enter']);
    const audit = await rig.h.engine.api['audit:list']({ limit: 20, before: null });
    expect(audit.ok && audit.value.some((a) => a.origin === 'telegram' && a.text === MESSAGE)).toBe(true);
  });

  it("a stranger's reply sends nothing and gets no answer", async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudeDenyFieldPrompt(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    rig.tg.sendText(STRANGER, MESSAGE, { chat: { id: OWNER.id, type: 'private', first_name: OWNER.first_name }, replyTo: m.message_id });
    rig.tg.sendText(STRANGER, MESSAGE);
    // A barrier from the owner: once it is answered, both earlier updates were handled.
    rig.tg.sendText(OWNER, 'hello');
    await poll(() => botReplies(rig!).length > 0, 'the answer to the owner');
    expect(botReplies(rig)).toHaveLength(1);
    expect(rig.tg.botMessages(STRANGER.id)).toEqual([]);
    expect(await agent.keyNames()).toEqual([]);
  });

  it('a reply after the prompt changed sends nothing (its message is out of date; the engine would refuse the old fingerprint too)', async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, changingPrompt(claudeDenyFieldPrompt()), { session: 'api-worker' });
    const first = await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    // The new prompt's message hangs on its way, so the first message is still the one to reply to.
    rig.tg.fail('sendMessage', { kind: 'hang' });
    await agent.send('F2');
    await waitForItem(rig.h, (i) => isPrompt(i) && i.fingerprint !== first.fingerprint, 'the changed prompt');
    rig.tg.sendText(OWNER, MESSAGE, { replyTo: m.message_id });
    await poll(() => botReplies(rig!).length > 0, 'the reply handled', { timeoutMs: 20_000 });
    expect(botReplies(rig)).toEqual([expect.stringMatching(/out of date/)]);
    expect(await agent.keyNames()).toEqual(['F2']);
    expect(await agent.submissions()).toEqual([]);
  });

  it('a reply to an old message (a reminder took its place) sends nothing', async () => {
    rig = await startPhoneRig({ config: { reminders: { cadence: [0, 1500] } } });
    const agent = await startScriptedAgent(rig.h.tmux, claudeDenyFieldPrompt(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const first = await waitForMessage(rig);
    await waitForMessage(rig, 2);
    await poll(() => first.keyboard === null, 'the first message lost its buttons');
    rig.tg.sendText(OWNER, MESSAGE, { replyTo: first.message_id });
    await poll(() => botReplies(rig!).some((t) => /out of date/.test(t)), 'a reply saying the message is out of date');
    expect(await agent.keyNames()).toEqual([]);
  });
});
