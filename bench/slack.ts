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
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../main/engine/engine.ts';
import { systemClock } from '../main/engine/platform/clock.ts';
import { silentLogger } from '../main/engine/platform/log.ts';
import { procProcessTable } from '../main/engine/platform/process-table.ts';
import { realRunner } from '../main/engine/platform/run.ts';
import { runnerWithEnv } from '../main/engine/platform/runner-with-env.ts';
import { saveSlackTokens } from '../main/engine/slack/slack-token-files.ts';
import type { SlackRepo } from '../main/engine/store/index.ts';
import type { KeyRecord } from '../test/support/scripted-agent/record.ts';
import { readRecords } from '../test/support/scripted-agent/record.ts';
import type { SlackUser } from '../test/support/slack-api/stand-in.ts';
import { SlackStandIn } from '../test/support/slack-api/stand-in.ts';
import { startFleet } from './fleet.ts';
import type { PhoneBenchResult } from './phone.ts';
import type { IdleChat } from './phone-idle.ts';
import { idleCpu } from './phone-idle.ts';
import { loopingPrompt, workingLoop } from './scenarios.ts';
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

async function startEngine(home: string, socket: string, slack: SlackStandIn): Promise<Engine> {
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.json'), JSON.stringify({ phone: { slack: { apiBase: slack.apiBase } } }));
  saveSlackTokens(home, { bot: slack.botToken, app: slack.appToken });
  return Engine.start({
    env: { TRAILBOSS_HOME: home },
    platform: process.platform,
    homedir: home,
    cwd: home,
    servers: [{ kind: 'socket', path: socket }],
    clock: systemClock,
    logger: silentLogger,
    runner: runnerWithEnv(realRunner, { TMUX: undefined, TMUX_PANE: undefined }),
    processTable: procProcessTable(),
    pid: process.pid,
    api: false,
  });
}

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
  const loops = Array.from({ length: opts.prompting }, (_, i) =>
    loopingPrompt('claude', { firstPromptMs: 5000 + i * opts.spacingMs, idleMs: opts.prompting * opts.spacingMs }),
  );
  const scenarios = [
    ...loops.map((l) => l.scenario),
    ...Array.from({ length: opts.agents - opts.prompting }, () => workingLoop('claude', 2000)),
  ];
  // The channel's modules (the Slack libraries, undici) load when a pairing starts it; loaded from
  // TypeScript here that takes seconds, which the bundled app does not pay, and prompts queued
  // meanwhile would wait behind each other. Load them first, as the bench's engine would have at start.
  await Promise.all([import('../main/engine/slack/slack-api.ts'), import('../main/engine/slack/slack-channel.ts')]);
  const idle = await idleCpu(
    { pairs: opts.idlePairs, windowMs: opts.idleWindowMs, settleMs: 3000, warmupMs: opts.idleWarmupMs },
    slackIdle,
  );
  const fleet = await startFleet(scenarios);
  const slack = await SlackStandIn.start();
  const user = owner(slack);
  const dm = slack.dmChannel(user.id);
  const engine = await startEngine(join(fleet.dir, 'engine'), fleet.socket, slack);
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
    const targets = new Map(fleet.agents.map((a) => [fleet.paneKey(a), a]));
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
    const pressToKey: number[] = [];
    for (const p of presses) {
      const agent = targets.get(p.paneKey);
      if (!agent) continue;
      const key = readRecords(agent.recordPath).find((r): r is KeyRecord => r.type === 'key' && r.t >= p.at);
      if (key) pressToKey.push(key.t - p.at);
    }
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
