/**
 * The Slack channel end to end: scripted agents in a private tmux server, the real engine, and the
 * Slack stand-in (Slack cannot be reached from here; test/support/slack-api/stand-in.ts says which
 * documented behaviour each of its rules reproduces). A press approves exactly the prompt its
 * message showed, once, for the paired user alone; strangers, stale buttons and drops change nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import { changingPrompt, isPrompt, waitForItem } from '../../support/chat-rig.ts';
import type { SlackRig } from './support.ts';
import { replies, startSlackRig, waitForMessage } from './support.ts';

let rig: SlackRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

/** The owner writes something that always gets a reply; once it is there, everything sent before was handled. */
async function handledSoFar(r: SlackRig): Promise<void> {
  const before = replies(r).length;
  r.slack.dm(r.owner, 'hello?');
  await poll(() => replies(r).length > before, 'the reply that says everything before was handled');
}

describe('slack: a permission prompt becomes a DM whose buttons do exactly what they say', () => {
  it('posts one message naming the agent and what it asks, with Approve: <label>, Deny and Snooze 30m', async () => {
    rig = await startSlackRig();
    await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    const item = await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    expect(m.buttons.map((b) => b.text)).toEqual([`Approve: ${item.approveLabel}`, 'Deny', 'Deny with a message…', 'Snooze 30m']);
    expect(m.blockText).toContain(`claude · ${item.target} · this machine`);
    expect(m.blockText).toContain('ls -la /tmp');
    expect(m.blockText).toContain('```');
    for (const b of m.buttons) expect(b.value).toMatch(/^v1:[A-Za-z0-9_-]{22}$/);
    // One message for the one prompt, even after several reconciles.
    await new Promise((r) => setTimeout(r, 500));
    expect(rig.slack.callsOf('chat.postMessage')).toHaveLength(1);
  });

  it('Approve sends exactly the approve key once, updates the message and audits it as slack', async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    rig.slack.press(rig.owner, rig.dm, m.ts, 'Approve:');
    await poll(() => m.buttons.length === 0 && m.blockText.includes('Approved from Slack'), 'the message updated to its outcome');
    expect(await agent.keyNames()).toEqual(['1']);
    const audit = await rig.h.engine.api['audit:list']({ limit: 10, before: null });
    expect(audit.ok && audit.value.map((a) => [a.keys, a.origin])).toEqual([[['1'], 'slack']]);
  });

  it('Deny sends the deny key and never a yes', async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    rig.slack.press(rig.owner, rig.dm, m.ts, 'Deny');
    await poll(() => m.blockText.includes('Denied from Slack'), 'updated');
    expect(await agent.keyNames()).toEqual(['4']);
  });

  it('the same press delivered twice (a redelivery) acts once; the second is told it was already answered', async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const value = m.buttons[0]!.value;
    rig.slack.pressValue(rig.owner, rig.dm, m.ts, value);
    rig.slack.pressValue(rig.owner, rig.dm, m.ts, value);
    await poll(() => replies(rig!).some((r) => r.text === 'This was already answered.'), 'the second press told');
    // The second press is turned away as soon as the first has claimed the item, which can be before the first
    // press's key reaches the pane: wait for the first press's outcome, then count the keys.
    await poll(() => m.blockText.includes('Approved from Slack'), 'the first press answered');
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('a stale button after the prompt changed sends nothing, and the new prompt gets a new message', async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, changingPrompt(), { session: 'api-worker' });
    const first = await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const staleApprove = m.buttons[0]!.value;
    await agent.send('F2');
    await waitForItem(rig.h, (i) => isPrompt(i) && i.fingerprint !== first.fingerprint, 'the changed prompt');
    const second = await waitForMessage(rig, 2);
    expect(second.blockText).not.toContain('ls -la /tmp');
    await poll(() => m.buttons.length === 0, 'the first message lost its buttons');
    rig.slack.pressValue(rig.owner, rig.dm, m.ts, staleApprove);
    await poll(() => replies(rig!).some((r) => /out of date/.test(r.text)), 'told it is out of date');
    // A y in the old message's thread does not answer the new prompt either.
    rig.slack.dm(rig.owner, 'y', { threadTs: m.ts });
    await poll(() => replies(rig!).filter((r) => /out of date/.test(r.text)).length === 2, 'the thread is out of date too');
    expect(await agent.keyNames()).toEqual(['F2']);
  });

  it("a stranger's press and DM do nothing and get no answer", async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    const value = m.buttons[0]!.value;
    // The owner's button value from someone else, in the owner's DM and in their own; then typed yeses.
    rig.slack.pressValue(rig.stranger, rig.dm, m.ts, value);
    rig.slack.pressValue(rig.stranger, rig.slack.dmChannel(rig.stranger.id), m.ts, value);
    rig.slack.dm(rig.stranger, 'y');
    rig.slack.dm(rig.stranger, 'y', { threadTs: m.ts });
    // The owner in a channel that is not their DM with the bot is not heard either.
    rig.slack.dm(rig.owner, 'y', { channel: 'C0GENERAL', channelType: 'channel' });
    await handledSoFar(rig);
    expect(rig.slack.callsOf('chat.postMessage').filter((p) => p['channel'] !== rig!.dm)).toEqual([]);
    expect(replies(rig).map((r) => r.text)).toEqual([expect.stringMatching(/^To answer an agent/)]);
    expect(await agent.keyNames()).toEqual([]);
    expect(m.buttons).toHaveLength(4);
  });

  it("a y in the message's thread approves once; a second y there is told it is out of date", async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    rig.slack.dm(rig.owner, 'y', { threadTs: m.ts });
    await poll(() => m.blockText.includes('Approved from Slack'), 'updated');
    rig.slack.dm(rig.owner, 'yes', { threadTs: m.ts });
    await poll(() => replies(rig!).some((r) => /out of date/.test(r.text)), 'the second y told');
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('a fresh y approves the most recent live message', async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    rig.slack.dm(rig.owner, 'y');
    await poll(() => m.blockText.includes('Approved from Slack'), 'updated');
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('a fresh y written before the message was posted (delivered late) sends nothing and says why', async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    rig.slack.dm(rig.owner, 'y', { ts: '1800000000.000001' });
    await poll(() => replies(rig!).some((r) => /came after your answer/.test(r.text)), 'told why');
    expect(await agent.keyNames()).toEqual([]);
    expect(m.buttons).toHaveLength(4);
  });

  it('a press made while the socket is down arrives after the reconnect and acts once', async () => {
    rig = await startSlackRig();
    const agent = await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    const m = await waitForMessage(rig);
    await poll(() => rig!.slack.openSockets === 1, 'connected');
    rig.slack.dropSockets();
    const id = rig.slack.press(rig.owner, rig.dm, m.ts, 'Approve:');
    await poll(() => rig!.slack.acks.has(id), 'acknowledged on the new socket', { timeoutMs: 20_000 });
    await poll(() => m.blockText.includes('Approved from Slack'), 'updated');
    expect(await agent.keyNames()).toEqual(['1']);
    expect(rig.slack.connections).toBe(2);
    expect(rig.h.engine.store.slack.pairing().connected).toBe(true);
  });

  it('a 429 on chat.postMessage holds the post for its Retry-After, then it goes once', async () => {
    rig = await startSlackRig();
    rig.slack.fail('chat.postMessage', { kind: 'rate-limited', retryAfterS: 1 });
    await startScriptedAgent(rig.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(rig.h, isPrompt, 'a permission item');
    await waitForMessage(rig);
    const posts = rig.slack.calls.filter((c) => c.method === 'chat.postMessage');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(rig.slack.botMessages(rig.dm)).toHaveLength(1);
  });
});
