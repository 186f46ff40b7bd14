/**
 * Telegram's `Deny with a message…` button: a press denies nothing, it sends one forced reply asking
 * for the text; a reply to that (from the paired user, while the prompt is unchanged and still waits)
 * denies the prompt with the text, once, through the engine's deny. Real engine, scripted agents in a
 * private tmux server, the stand-in Bot API (Telegram cannot be reached from here).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ASK_TEXT } from '../../../main/engine/phone/phone-channel.ts';
import { ASK_STALE, ASKED } from '../../../main/engine/phone/update-handler.ts';
import { claudeDenyFieldPrompt } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import type { StoredMessage } from '../../support/bot-api/stand-in.ts';
import type { PhoneRig } from './support.ts';
import { botReplies, buttonTexts, OWNER, STRANGER, startPhoneRig, waitForAnswer, waitForMessage } from './support.ts';
import { changingPrompt, waitForItem } from '../../support/chat-rig.ts';

let rig: PhoneRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

const isPrompt = (i: { reason: string; denyLabel: string | null }) => i.reason === 'permission' && i.denyLabel !== null;
const MESSAGE = 'use pnpm instead';
const BUTTON = 'Deny with a message';

/** The bot's forced replies asking for a denial's text. */
const asks = (r: PhoneRig): StoredMessage[] => r.tg.botMessages(OWNER.id).filter((m) => m.forceReply !== undefined);

/** Press the button on the prompt's message and wait for the one forced reply it sends. */
async function pressAsk(r: PhoneRig, m: StoredMessage): Promise<StoredMessage> {
  r.tg.press(OWNER, OWNER.id, m.message_id, BUTTON);
  expect(await waitForAnswer(r.tg, 1)).toBe(ASKED);
  const ask = await poll(() => asks(r)[0], 'the forced reply asking for the text');
  expect(ask).toMatchObject({ text: ASK_TEXT, replyTo: m.message_id, forceReply: { placeholder: expect.any(String) } });
  return ask;
}

describe('phone: Deny with a message… button', () => {
  it('the press asks once with a forced reply and denies nothing; the reply denies with the text once', async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudeDenyFieldPrompt(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    expect(buttonTexts(m)).toEqual(expect.arrayContaining(['Deny', 'Deny with a message…']));
    const ask = await pressAsk(rig, m);
    // Nothing reached the agent, and the prompt's message still holds its buttons.
    expect(await agent.keyNames()).toEqual([]);
    expect(m.keyboard).not.toBeNull();
    // The same button again: its token was used.
    rig.tg.press(OWNER, OWNER.id, m.message_id, BUTTON);
    expect(await waitForAnswer(rig.tg, 2)).toMatch(/already answered/);
    expect(asks(rig)).toHaveLength(1);

    rig.tg.sendText(OWNER, MESSAGE, { replyTo: ask.message_id });
    await agent.waitForState('denied-with-message', { timeoutMs: 20_000 });
    await poll(() => /Denied from Telegram/.test(m.text), 'the prompt message edited to denied');
    expect((await agent.submissions()).map((s) => s.text)).toEqual([MESSAGE]);
    const audit = await rig.h.engine.api['audit:list']({ limit: 20, before: null });
    expect(audit.ok && audit.value.some((a) => a.origin === 'telegram' && a.text === MESSAGE)).toBe(true);

    // A second reply to the ask: answered already, nothing more is sent.
    const before = botReplies(rig).length;
    rig.tg.sendText(OWNER, 'and also this', { replyTo: ask.message_id });
    await poll(() => botReplies(rig!).includes(ASK_STALE), 'the refusal of the second reply');
    expect(botReplies(rig).length).toBe(before + 1);
    expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'Enter']);
    expect(await agent.submissions()).toHaveLength(1);
  });

  it("a stranger's press and a stranger's reply to the ask send nothing and get no answer", async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudeDenyFieldPrompt(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const strangerInOwnersChat = { chat: { id: OWNER.id, type: 'private' as const, first_name: OWNER.first_name } };
    // A stranger's press (data copied from the owner's keyboard) is dropped unanswered.
    const data = m.keyboard!.flat().find((b) => b.text.startsWith(BUTTON))!.callback_data;
    rig.tg.pressData(STRANGER, OWNER.id, m.message_id, data);
    const ask = await pressAsk(rig, m); // the owner's press is the first one answered
    expect(rig.tg.answers).toHaveLength(1);
    rig.tg.sendText(STRANGER, MESSAGE, { ...strangerInOwnersChat, replyTo: ask.message_id });
    // A barrier from the owner: once it is answered, the stranger's reply was handled.
    rig.tg.sendText(OWNER, 'hello');
    await poll(() => botReplies(rig!).some((t) => /To answer an agent/.test(t)), 'the answer to the owner');
    expect(rig.tg.botMessages(STRANGER.id)).toEqual([]);
    expect(botReplies(rig).filter((t) => t !== ASK_TEXT)).toHaveLength(1);
    expect(await agent.keyNames()).toEqual([]);
    expect(m.keyboard).not.toBeNull();
  });

  it('a reply to the ask after the prompt changed sends nothing', async () => {
    rig = await startPhoneRig();
    const agent = await startScriptedAgent(rig.h.tmux, changingPrompt(claudeDenyFieldPrompt()), { session: 'api-worker' });
    const first = await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const ask = await pressAsk(rig, m);
    await agent.send('F2');
    await waitForItem(rig.h, (i) => isPrompt(i) && i.fingerprint !== first.fingerprint, 'the changed prompt');
    rig.tg.sendText(OWNER, MESSAGE, { replyTo: ask.message_id });
    await poll(() => botReplies(rig!).includes(ASK_STALE), 'the refusal', { timeoutMs: 20_000 });
    expect(await agent.keyNames()).toEqual(['F2']);
    expect(await agent.submissions()).toEqual([]);
  });
});
