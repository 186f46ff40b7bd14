/**
 * Slack threads and reminders end to end (real engine, scripted agents, the Slack stand-in): text in
 * the thread of an idle agent's message is typed into it once; prose in a prompt's thread sends
 * nothing; a reminder is a new message in the first message's thread and the buttons move to it; an
 * item answered at the desk has its message updated to that outcome.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeDenyFieldPrompt, claudeIdleWorking, claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import { isPrompt, waitForItem } from '../../support/chat-rig.ts';
import type { SlackRig } from './support.ts';
import { replies, startSlackRig, waitForMessage } from './support.ts';

let rig: SlackRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

describe('slack: threads', () => {
  it("text in the thread of an idle agent's message is typed into it once", async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudeIdleWorking(), { session: 'idle-one' });
    await waitForItem(rig.h, (i) => i.reason === 'idle', 'an idle item');
    const m = await waitForMessage(rig);
    expect(m.buttons.map((b) => b.text)).toEqual(['Snooze 30m']);
    rig.slack.dm(rig.owner, 'run the tests, then fix what fails', { threadTs: m.ts });
    const submitted = await poll(async () => {
      const list = await agent.submissions();
      return list.length > 0 ? list : null;
    }, 'the submission');
    await poll(() => m.blockText.includes('Typed from Slack'), 'the message updated to typed');
    expect(submitted.map((s) => s.text)).toEqual(['run the tests, then fix what fails']);
    expect((await agent.submissions()).length).toBe(1);
  });

  it("prose in a permission prompt's thread denies it and gives the agent the text, once", async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudeDenyFieldPrompt(), { session: 'api-worker' });
    await waitForItem(rig.h, (i) => i.reason === 'permission' && i.denyLabel !== null, 'a permission item');
    const m = await waitForMessage(rig);
    expect(m.blockText).toMatch(/reply in this thread to deny it and tell the agent what to do instead/);
    rig.slack.dm(rig.owner, 'use pnpm 4 y instead', { threadTs: m.ts });
    await agent.waitForState('denied-with-message', { timeoutMs: 20_000 });
    await poll(() => m.blockText.includes('Denied from Slack'), 'the message updated to denied');
    expect((await agent.submissions()).map((s) => s.text)).toEqual(['use pnpm 4 y instead']);
    rig.slack.dm(rig.owner, 'and also this', { threadTs: m.ts });
    await poll(() => replies(rig!).some((r) => /out of date|already answered/.test(r.text)), 'the second text told');
    expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'Enter']);
  });
});

describe('slack: reminders and outcomes', () => {
  it("a reminder is a new message in the first message's thread, and the buttons move to it", async () => {
    rig = await startSlackRig({ config: { reminders: { cadence: [0, 1500] } } });
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const first = await waitForMessage(rig);
    const second = await waitForMessage(rig, 2);
    expect(second.threadTs).toBe(first.ts);
    await poll(() => first.buttons.length === 0, 'the first message lost its buttons');
    expect(second.blockText).toMatch(/Still waiting after every reminder|Reminder 1/);
    // A y in the thread answers the live (reminder) message's prompt.
    rig.slack.dm(rig.owner, 'y', { threadTs: first.ts });
    await poll(() => second.blockText.includes('Approved from Slack'), 'the reminder updated');
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('an item answered at the desk has its message updated to that outcome, without buttons', async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    const item = await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const done = await rig.h.engine.apiFor('queue')['item:approve']({ id: item.id, fingerprint: item.fingerprint });
    expect(done).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    await poll(() => m.buttons.length === 0 && /approved in the queue window \d\d:\d\d/.test(m.blockText), 'updated to the desk outcome');
    expect(await agent.keyNames()).toEqual(['1']);
  });
});
