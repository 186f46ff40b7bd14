/**
 * What the two chat phases (bench/phone.ts for Telegram, bench/slack.ts for Slack) share: the fleet
 * (`prompting` agents looping prompt → approve → idle, the rest working), the real engine in this
 * process with the chat's config, and press → key read from the agents' own key records.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../main/engine/engine.ts';
import { systemClock } from '../main/engine/platform/clock.ts';
import { silentLogger } from '../main/engine/platform/log.ts';
import { procProcessTable } from '../main/engine/platform/process-table.ts';
import { realRunner } from '../main/engine/platform/run.ts';
import { runnerWithEnv } from '../main/engine/platform/runner-with-env.ts';
import type { KeyRecord } from '../test/support/scripted-agent/record.ts';
import { readRecords } from '../test/support/scripted-agent/record.ts';
import type { Fleet } from './fleet.ts';
import { startFleet } from './fleet.ts';
import { loopingPrompt, workingLoop } from './scenarios.ts';

/** The chat phases' sizes. */
export interface ChatLoad {
  readonly agents: number;
  readonly prompting: number;
  readonly spacingMs: number;
}

/** The fleet: `prompting` agents prompting `spacingMs` apart and idling `prompting × spacingMs` between, the rest working. */
export function startChatFleet(opts: ChatLoad): Promise<Fleet> {
  const loops = Array.from({ length: opts.prompting }, (_, i) =>
    loopingPrompt('claude', { firstPromptMs: 5000 + i * opts.spacingMs, idleMs: opts.prompting * opts.spacingMs }),
  );
  return startFleet([
    ...loops.map((l) => l.scenario),
    ...Array.from({ length: opts.agents - opts.prompting }, () => workingLoop('claude', 2000)),
  ]);
}

/** The engine on the fleet's server, its home holding `config` and whatever `before` writes (the chat's tokens). */
export async function startChatEngine(home: string, socket: string, config: object, before: (home: string) => void): Promise<Engine> {
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.json'), JSON.stringify(config));
  before(home);
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

/** For each press, the time to the first key its agent recorded after it (ms). */
export function pressToKeyOf(fleet: Fleet, presses: readonly { paneKey: string; at: number }[]): number[] {
  const targets = new Map(fleet.agents.map((a) => [fleet.paneKey(a), a]));
  const out: number[] = [];
  for (const p of presses) {
    const agent = targets.get(p.paneKey);
    if (!agent) continue;
    const key = readRecords(agent.recordPath).find((r): r is KeyRecord => r.type === 'key' && r.t >= p.at);
    if (key) out.push(key.t - p.at);
  }
  return out;
}
