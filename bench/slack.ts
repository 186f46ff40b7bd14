/**
 * The Slack phase: the real engine (in this process) paired with the Slack stand-in on loopback
 * (Slack cannot be reached from here: a Web API on node:http and a Socket Mode WebSocket), watching a
 * fleet of scripted agents — the same load as the phone phase (bench/phone.ts). Measures
 * - item queued (`item:added`) → its `chat.postMessage` reaching the stand-in, p95;
 * - button press delivered (the interactive envelope written to the socket) → the key recorded by the
 *   agent, p95;
 * - the engine's CPU with the Slack socket connected and quiet versus not paired (bench/phone-idle.ts's
 *   windows: the engine in a child process, alternating).
 */
import { join } from 'node:path';
import { saveSlackTokens } from '../main/engine/slack/slack-token-files.ts';
import type { SlackRepo } from '../main/engine/store/index.ts';
import type { SlackUser } from '../test/support/slack-api/stand-in.ts';
import { SlackStandIn } from '../test/support/slack-api/stand-in.ts';
import type { PhoneBenchResult } from './phone.ts';
import type { IdleChat } from './phone-idle.ts';
import { idleCpu } from './phone-idle.ts';
import type { ChatPhaseOptions } from './chat-bench.ts';
import { measureChat, startChatEngine, startChatFleet } from './chat-bench.ts';

/** What the phase measured: the phone phase's figures, for Slack's calls. */
export type SlackBenchResult = PhoneBenchResult;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function owner(slack: SlackStandIn): SlackUser {
  return slack.addUser('U0BENCH', 'Bench Owner', 'bench');
}

/** Pair `user` in the store, as `trailboss slack pair` ends. */
function pairInStore(repo: SlackRepo, slack: SlackStandIn, user: SlackUser): void {
  repo.pair({
    teamId: slack.teamId,
    userId: user.id,
    userName: user.realName,
    channelId: slack.dmChannel(user.id),
    botUserId: slack.bot.userId,
    botName: slack.bot.name,
    at: Date.now(),
  });
}

/** The Slack channel for the idle measure: paired, it holds one quiet Socket Mode connection. */
const slackIdle: IdleChat = {
  async start() {
    const slack = await SlackStandIn.start();
    const user = owner(slack);
    return {
      hostConfig: { slack: { apiBase: slack.apiBase } },
      saveTokens: (home) => saveSlackTokens(home, { bot: slack.botToken, app: slack.appToken }),
      pair: (store) => pairInStore(store.slack, slack, user),
      unpair: (store) => store.slack.unpair(),
      activity: () => slack.connections,
      close: () => slack.close(),
    };
  },
};

/** Run the phase. */
export async function runSlack(opts: ChatPhaseOptions): Promise<SlackBenchResult> {
  // The channel's modules (the Slack libraries, undici) load when a pairing starts it; loaded from
  // TypeScript here that takes seconds, which the bundled app does not pay, and prompts queued
  // meanwhile would wait behind each other. Load them first, as the bench's engine would have at start.
  await Promise.all([import('../main/engine/slack/slack-api.ts'), import('../main/engine/slack/slack-channel.ts')]);
  const idle = await idleCpu(
    { pairs: opts.idlePairs, windowMs: opts.idleWindowMs, settleMs: 3000, warmupMs: opts.idleWarmupMs },
    slackIdle,
  );
  const fleet = await startChatFleet(opts);
  const slack = await SlackStandIn.start();
  const user = owner(slack);
  const dm = slack.dmChannel(user.id);
  const engine = await startChatEngine(join(fleet.dir, 'engine'), fleet.socket, { phone: { slack: { apiBase: slack.apiBase } } }, (home) =>
    saveSlackTokens(home, { bot: slack.botToken, app: slack.appToken }),
  );
  try {
    pairInStore(engine.store.slack, slack, user);
    // Measured from the channel's connection on (the supervisor would see the pairing within 2 s;
    // what a user pays once after pairing is not the steady figure the targets are about).
    await engine.slack.checkNow();
    const connectBy = Date.now() + 30_000;
    while (!engine.store.slack.pairing().connected && Date.now() < connectBy) await sleep(20);
    if (!engine.store.slack.pairing().connected) throw new Error('the Slack channel did not connect in 30 s');
    const measured = await measureChat<string>(
      engine,
      fleet,
      {
        onCall: (listener) => (slack.onCall = listener),
        counted: () => true,
        postedText: (method, params) => (method === 'chat.postMessage' && typeof params['blocks'] === 'string' ? params['blocks'] : null),
        editedId: (method, params) => (method === 'chat.update' && typeof params['ts'] === 'string' ? params['ts'] : undefined),
        approvable: () =>
          slack
            .botMessages(dm)
            .filter((m) => m.buttons[0]?.text.startsWith('Approve:'))
            .map((m) => m.ts),
        itemOf: (ts) => engine.store.slack.message(dm, ts)?.itemId ?? null,
        press: (ts) => slack.press(user, dm, ts, 'Approve:'),
      },
      opts,
    );
    return { ...measured, idle };
  } finally {
    await engine.stop();
    await slack.close();
    await fleet.dispose();
  }
}
