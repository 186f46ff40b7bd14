/**
 * Both chats paired at once: every waiting item gets a message in each, an answer from either acts
 * once and updates the other chat's message to what happened, and a press in the second chat after
 * the first answered sends nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BotApiStandIn } from '../../support/bot-api/stand-in.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { poll } from '../../support/poll.ts';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { SlackStandIn } from '../../support/slack-api/stand-in.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { OWNER, pairOwner, telegramSetup } from '../phone/support.ts';
import { pairSlackUser, slackSetup } from './support.ts';
import { isPrompt, startChatHarness, waitForItem } from '../../support/chat-rig.ts';

let parts: { h: EngineHarness; tg: BotApiStandIn; slack: SlackStandIn } | null = null;
afterEach(async () => {
  await parts?.h.dispose();
  await parts?.tg.close();
  await parts?.slack.close();
  parts = null;
});

async function startBoth() {
  const tg = await BotApiStandIn.start();
  const slack = await SlackStandIn.start();
  const owner = slack.addUser('U0ADA', 'Ada Lovelace', 'ada');
  const h = await startChatHarness([telegramSetup(tg), slackSetup(slack)]);
  pairOwner(h, tg);
  const dm = pairSlackUser(h, slack, owner);
  parts = { h, tg, slack };
  return { h, tg, slack, owner, dm };
}

describe('Telegram and Slack together', () => {
  it('a press in Slack approves once and the Telegram message says so; its stale Telegram button then does nothing', async () => {
    const { h, tg, slack, owner, dm } = await startBoth();
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(h, isPrompt, 'a permission item');
    const s = await poll(() => slack.botMessages(dm)[0], 'the Slack message');
    const t = await poll(() => tg.botMessages(OWNER.id).find((m) => m.keyboard !== null), 'the Telegram message');
    const telegramApprove = t.keyboard!.flat()[0]!.callback_data;
    slack.press(owner, dm, s.ts, 'Approve:');
    await poll(() => t.keyboard === null && t.text.includes('approved from Slack'), 'the Telegram message updated');
    expect(await agent.keyNames()).toEqual(['1']);
    tg.pressData(OWNER, OWNER.id, t.message_id, telegramApprove);
    await poll(() => tg.answers.length === 1, 'the Telegram press answered');
    expect(tg.answers[0]!.text).toMatch(/out of date|already answered/);
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('a press in Telegram approves once and the Slack message says so', async () => {
    const { h, tg, slack, dm } = await startBoth();
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(h, isPrompt, 'a permission item');
    const s = await poll(() => slack.botMessages(dm)[0], 'the Slack message');
    const t = await poll(() => tg.botMessages(OWNER.id).find((m) => m.keyboard !== null), 'the Telegram message');
    tg.press(OWNER, OWNER.id, t.message_id, 'Approve:');
    await poll(() => s.buttons.length === 0 && s.blockText.includes('approved from Telegram'), 'the Slack message updated');
    expect(await agent.keyNames()).toEqual(['1']);
  });
});
