/**
 * Slack's `Deny with a message…` button end to end: a press denies nothing, it opens a form (a modal,
 * `views.open` with the press's trigger); the form's submission (an `interactive` envelope, acknowledged
 * with errors when the text or the prompt will not do) denies the prompt the button was on with the
 * text, once, through the engine's deny — only from the paired user, only while that prompt still
 * waits. Real engine, scripted agents in a private tmux server, the Slack stand-in (Slack cannot be
 * reached from here; test/support/slack-api/stand-in.ts says which documented behaviour each rule
 * reproduces).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ASK_STALE } from '../../../main/engine/phone/chat-answer.ts';
import { DENY_FORM_BLOCK } from '../../../main/engine/slack/slack-deny-form.ts';
import { FORM_NOT_OPENED } from '../../../main/engine/slack/slack-handler.ts';
import { claudeDenyFieldPrompt } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import type { SlackStoredMessage, SlackView } from '../../support/slack-api/stand-in.ts';
import { changingPrompt, waitForItem } from '../../support/chat-rig.ts';
import type { SlackRig } from './support.ts';
import { replies, startSlackRig, waitForMessage } from './support.ts';

let rig: SlackRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

const isPrompt = (i: { reason: string; denyLabel: string | null }) => i.reason === 'permission' && i.denyLabel !== null;
const MESSAGE = 'use pnpm 4 y instead';
const BUTTON = 'Deny with a message';

/** Press the button on the prompt's message and wait for the form it opens. */
async function pressForForm(r: SlackRig, m: SlackStoredMessage): Promise<SlackView> {
  r.slack.press(r.owner, r.dm, m.ts, BUTTON);
  return poll(() => r.slack.openViews(r.owner)[0], 'the form the press opens');
}

/** Wait for the acknowledgement of envelope `id`; what it carried. */
function ackOf(r: SlackRig, id: string): Promise<Record<string, unknown>> {
  return poll(() => r.slack.ackPayloads.get(id), 'the acknowledgement');
}

describe('slack: Deny with a message… button', () => {
  it("the press opens a form and denies nothing; the form's text denies the prompt once, into the agent's input", async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudeDenyFieldPrompt(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    expect(m.buttons.map((b) => b.text)).toEqual(expect.arrayContaining(['Deny', 'Deny with a message…']));
    const view = await pressForForm(rig, m);
    expect(view.view).toMatchObject({ type: 'modal', callback_id: 'tb-deny-message' });
    // Nothing reached the agent, and the prompt's message still holds its buttons.
    expect(await agent.keyNames()).toEqual([]);
    expect(m.buttons.length).toBeGreaterThan(0);
    // The same button again: its token was used, and no second form opens.
    rig.slack.press(rig.owner, rig.dm, m.ts, BUTTON);
    await poll(() => replies(rig!).some((x) => /already answered/.test(x.text)), 'the refusal of the second press');
    expect(rig.slack.views.size).toBe(1);

    // An empty form stays open with the reason under the field; nothing is sent.
    const empty = await ackOf(rig, rig.slack.submitView(rig.owner, view.id, '   '));
    expect(empty).toMatchObject({ response_action: 'errors', errors: { [DENY_FORM_BLOCK]: expect.stringMatching(/Write what/) } });
    expect(view.open).toBe(true);

    const sent = await ackOf(rig, rig.slack.submitView(rig.owner, view.id, MESSAGE));
    expect(sent).toEqual({});
    expect(view.open).toBe(false);
    await agent.waitForState('denied-with-message', { timeoutMs: 20_000 });
    await poll(() => m.blockText.includes('Denied from Slack') && m.buttons.length === 0, 'the message updated to denied');
    expect((await agent.submissions()).map((s) => s.text)).toEqual([MESSAGE]);
    expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'Enter']);
    const audit = await rig.h.engine.api['audit:list']({ limit: 20, before: null });
    expect(audit.ok && audit.value.some((a) => a.origin === 'slack' && a.text === MESSAGE)).toBe(true);
  });

  it('a submission delivered twice denies once; the second is refused in the form', async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudeDenyFieldPrompt(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const view = await pressForForm(rig, m);
    const first = rig.slack.submitView(rig.owner, view.id, MESSAGE);
    const second = rig.slack.submitViewAs(rig.owner, view.id, 'and also this');
    expect(await ackOf(rig, first)).toEqual({});
    await agent.waitForState('denied-with-message', { timeoutMs: 20_000 });
    await poll(() => m.blockText.includes('Denied from Slack'), 'the message updated to denied');
    // The second was acknowledged before or after the first acted: refused in the form, or in the thread.
    const secondAck = await ackOf(rig, second);
    if (secondAck['response_action'] !== 'errors')
      await poll(() => replies(rig!).some((x) => x.text === ASK_STALE), 'the refusal of the second submission');
    expect((await agent.submissions()).map((s) => s.text)).toEqual([MESSAGE]);
    expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'Enter']);
  });

  it("a stranger's press opens no form, and a stranger's submission of the owner's form sends nothing and says nothing", async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudeDenyFieldPrompt(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    rig.slack.press(rig.stranger, rig.dm, m.ts, BUTTON);
    const view = await pressForForm(rig, m); // the owner's press still works: the stranger's used nothing
    expect(rig.slack.openViews(rig.stranger)).toEqual([]);
    const forged = await ackOf(rig, rig.slack.submitViewAs(rig.stranger, view.id, MESSAGE));
    expect(forged).toEqual({});
    // A barrier from the owner: once it is answered, the stranger's submission was handled.
    rig.slack.dm(rig.owner, 'hello?');
    await poll(() => replies(rig!).some((x) => /To answer an agent/.test(x.text)), 'the answer to the owner');
    expect(replies(rig)).toHaveLength(1);
    expect(rig.slack.messages(rig.slack.dmChannel(rig.stranger.id))).toEqual([]);
    expect(await agent.keyNames()).toEqual([]);
    expect(await agent.submissions()).toEqual([]);
    expect(rig.h.engine.store.slack.liveMessage(rig.h.engine.store.slack.message(rig.dm, m.ts)!.itemId)?.ts).toBe(m.ts);
  });

  it('a form submitted after the prompt changed sends nothing, and the form says why', async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, changingPrompt(claudeDenyFieldPrompt()), { session: 'api-worker' });
    const first = await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const view = await pressForForm(rig, m);
    await agent.send('F2');
    await waitForItem(rig.h, (i) => isPrompt(i) && i.fingerprint !== first.fingerprint, 'the changed prompt');
    const ack = await ackOf(rig, rig.slack.submitView(rig.owner, view.id, MESSAGE));
    expect(ack).toEqual({ response_action: 'errors', errors: { [DENY_FORM_BLOCK]: ASK_STALE } });
    expect(view.open).toBe(true);
    expect(await agent.keyNames()).toEqual(['F2']);
    expect(await agent.submissions()).toEqual([]);
  });

  it('a press whose trigger expired before the form could open says so in the thread, and a reply there still denies with text', async () => {
    rig = await startSlackRig();
    rig.slack.triggerTtlMs = 0; // Slack's trigger lasts 3 s; this one is spent before the engine asks
    const agent = await startScriptedAgent(rig.h.tmux, claudeDenyFieldPrompt(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    rig.slack.press(rig.owner, rig.dm, m.ts, BUTTON);
    await poll(() => replies(rig!).some((x) => x.text === FORM_NOT_OPENED && x.threadTs === m.ts), 'the thread told');
    expect(rig.slack.views.size).toBe(0);
    rig.slack.dm(rig.owner, MESSAGE, { threadTs: m.ts });
    await agent.waitForState('denied-with-message', { timeoutMs: 20_000 });
    expect((await agent.submissions()).map((s) => s.text)).toEqual([MESSAGE]);
  });
});
