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
import { pressToKeyOf, startChatEngine, startChatFleet } from './chat-bench.ts';
import { summarize } from './stats.ts';

/** What the phase measured: the phone phase's figures, for Slack's calls. */
export type SlackBenchResult = PhoneBenchResult;

const EDIT_DRAIN_MS = 90_000;
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
export async function runSlack(opts: {
  agents: number;
  prompting: number;
  spacingMs: number;
  windowMs: number;
  idleWindowMs: number;
  idlePairs: number;
  idleWarmupMs: number;
}): Promise<SlackBenchResult> {
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
  const added = new Map<string, number>();
  const queuedToSend: number[] = [];
  const presses: { paneKey: string; at: number }[] = [];
  const pressedAt = new Map<string, number>();
  const pressToEdit: number[] = [];
  const calls: Record<string, number> = {};
  let counting = false;
  try {
    pairInStore(engine.store.slack, slack, user);
    // Measured from the channel's connection on (the supervisor would see the pairing within 2 s;
    // what a user pays once after pairing is not the steady figure the targets are about).
    await engine.slack.checkNow();
    const connectBy = Date.now() + 30_000;
    while (!engine.store.slack.pairing().connected && Date.now() < connectBy) await sleep(20);
    if (!engine.store.slack.pairing().connected) throw new Error('the Slack channel did not connect in 30 s');
    counting = true;
    engine.on('item:added', ({ item }) => {
      if (item.reason === 'permission' && counting) added.set(item.target, performance.timeOrigin + performance.now());
    });
    slack.onCall = (method, params) => {
      if (counting) calls[method] = (calls[method] ?? 0) + 1;
      const at = performance.timeOrigin + performance.now();
      const ts = typeof params['ts'] === 'string' ? params['ts'] : '';
      const pressed = pressedAt.get(ts);
      if (method === 'chat.update' && pressed !== undefined) {
        pressToEdit.push(at - pressed);
        pressedAt.delete(ts);
      }
      if (method !== 'chat.postMessage' || typeof params['blocks'] !== 'string') return;
      for (const [target, t] of added) {
        if (!params['blocks'].includes(` · ${target} · `)) continue;
        queuedToSend.push(at - t);
        added.delete(target);
      }
    };
    const deadline = Date.now() + opts.windowMs;
    const pressed = new Set<string>();
    while (Date.now() < deadline) {
      // Press Approve on every stored message with buttons, once, as soon as the engine holds its tokens.
      for (const m of slack.botMessages(dm)) {
        if (pressed.has(m.ts) || !m.buttons[0]?.text.startsWith('Approve:')) continue;
        const row = engine.store.slack.message(dm, m.ts);
        if (!row) continue;
        const item = engine.store.items.get(row.itemId);
        pressed.add(m.ts);
        if (!item) continue;
        const at = performance.timeOrigin + performance.now();
        presses.push({ paneKey: item.paneKey, at });
        pressedAt.set(m.ts, at);
        slack.press(user, dm, m.ts, 'Approve:');
      }
      await sleep(5);
    }
    counting = false;
    await sleep(2000);
    const queuedUnsent = added.size;
    const drainDeadline = Date.now() + EDIT_DRAIN_MS;
    while (pressedAt.size > 0 && Date.now() < drainDeadline) await sleep(100);
    const pressToKey = pressToKeyOf(fleet, presses);
    return {
      agents: opts.agents,
      prompting: opts.prompting,
      queuedToSend: summarize(queuedToSend),
      pressToKey: summarize(pressToKey),
      pressToEdit: summarize(pressToEdit),
      pressesUnedited: pressedAt.size,
      queuedUnsent,
      calls,
      windowMs: opts.windowMs,
      idle,
    };
  } finally {
    await engine.stop();
    await slack.close();
    await fleet.dispose();
  }
}
