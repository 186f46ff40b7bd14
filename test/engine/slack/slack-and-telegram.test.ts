/**
 * Both chats paired at once: every waiting item gets a message in each, an answer from either acts
 * once and updates the other chat's message to what happened, and a press in the second chat after
 * the first answered sends nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { botTokenPath, saveBotToken } from '../../../main/engine/phone/bot-token-file.ts';
import { saveSlackTokens } from '../../../main/engine/slack/slack-token-files.ts';
import { BotApiStandIn } from '../../support/bot-api/stand-in.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import { poll } from '../../support/poll.ts';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { SlackStandIn } from '../../support/slack-api/stand-in.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { OWNER, pairOwner } from '../phone/support.ts';
import { waitForItem } from '../../support/chat-rig.ts';

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
  const h = await startEngineHarness({
    beforeStart: (home) => {
      mkdirSync(join(home, 'tb'), { recursive: true });
      writeFileSync(
        join(home, 'tb', 'config.json'),
        JSON.stringify({ phone: { telegram: { apiBase: tg.apiBase }, slack: { apiBase: slack.apiBase } } }),
      );
      saveBotToken(botTokenPath(join(home, 'tb')), tg.token);
      saveSlackTokens(join(home, 'tb'), { bot: slack.botToken, app: slack.appToken });
    },
    phone: { pollTimeoutS: 2, minSendIntervalMs: 50, checkMs: 100, requestTimeoutMs: 3000 },
    slack: { minSendIntervalMs: 50, checkMs: 100, requestTimeoutMs: 3000 },
  });
  pairOwner(h, tg);
  const dm = slack.dmChannel(owner.id);
  h.engine.store.slack.pair({
    teamId: slack.teamId,
    userId: owner.id,
    userName: owner.realName,
    channelId: dm,
    botUserId: 'U0BOT',
    botName: 'trailboss',
    at: Date.now(),
  });
  parts = { h, tg, slack };
  return { h, tg, slack, owner, dm };
}

const isPrompt = (i: { reason: string; approveLabel: string | null }) => i.reason === 'permission' && i.approveLabel !== null;

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
