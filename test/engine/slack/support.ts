/**
 * The real engine on a private tmux server, talking to the Slack stand-in (Slack itself cannot be
 * reached from here): the owner paired in their DM with the bot, and quick pairing checks so a test
 * never waits on the defaults.
 */
import { saveSlackTokens } from '../../../main/engine/slack/slack-token-files.ts';
import type { SlackStoredMessage, SlackUser } from '../../support/slack-api/stand-in.ts';
import { SlackStandIn } from '../../support/slack-api/stand-in.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import type { ChatSetup } from '../../support/chat-rig.ts';
import { startChatHarness } from '../../support/chat-rig.ts';
import { poll } from '../../support/poll.ts';

/** A harness with its stand-in and the two users. */
export interface SlackRig {
  readonly h: EngineHarness;
  readonly slack: SlackStandIn;
  readonly owner: SlackUser;
  readonly stranger: SlackUser;
  /** The owner's DM with the bot. */
  readonly dm: string;
  dispose(): Promise<void>;
}

/** The engine set up for Slack's stand-in: its API base, both tokens and quick checks. */
export function slackSetup(slack: SlackStandIn): ChatSetup {
  return {
    configKey: 'slack',
    apiBase: slack.apiBase,
    saveTokens: (tbHome) => saveSlackTokens(tbHome, { bot: slack.botToken, app: slack.appToken }),
    engine: { slack: { minSendIntervalMs: 50, checkMs: 100, requestTimeoutMs: 3000 } },
  };
}

/** Pair `user` in their DM with the bot, in the store, as `slack pair` ends; returns the DM. */
export function pairSlackUser(h: EngineHarness, slack: SlackStandIn, user: SlackUser): string {
  const dm = slack.dmChannel(user.id);
  h.engine.store.slack.pair({
    teamId: slack.teamId,
    userId: user.id,
    userName: user.realName,
    channelId: dm,
    botUserId: slack.bot.userId,
    botName: slack.bot.name,
    at: Date.now(),
  });
  return dm;
}

/** Start the stand-in and an engine pointed at it, then pair the owner (as `slack pair` would). */
export async function startSlackRig(opts: { config?: Record<string, unknown>; paired?: boolean; api?: boolean } = {}): Promise<SlackRig> {
  const slack = await SlackStandIn.start();
  const owner = slack.addUser('U0ADA', 'Ada Lovelace', 'ada');
  const stranger = slack.addUser('U0MAL', 'Mallory', 'mallory');
  const h = await startChatHarness([slackSetup(slack)], opts);
  const dm = opts.paired !== false ? pairSlackUser(h, slack, owner) : slack.dmChannel(owner.id);
  return {
    h,
    slack,
    owner,
    stranger,
    dm,
    async dispose() {
      await h.dispose();
      await slack.close();
    },
  };
}

/** The bot's messages in the owner's DM that the engine stored as item messages, oldest first. */
export function itemMessages(rig: SlackRig): SlackStoredMessage[] {
  return rig.slack.botMessages(rig.dm).filter((m) => rig.h.engine.store.slack.message(rig.dm, m.ts) !== null);
}

/** Wait for the `n`th item message (1-based). */
export function waitForMessage(rig: SlackRig, n = 1): Promise<SlackStoredMessage> {
  return poll(() => itemMessages(rig)[n - 1], `Slack item message ${n}`);
}

/** The bot's messages that are not item messages (replies), oldest first. */
export function replies(rig: SlackRig): SlackStoredMessage[] {
  return rig.slack.botMessages(rig.dm).filter((m) => rig.h.engine.store.slack.message(rig.dm, m.ts) === null);
}
