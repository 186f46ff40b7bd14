/**
 * What the two chat phases (bench/phone.ts for Telegram, bench/slack.ts for Slack) share: the fleet
 * (`prompting` agents looping prompt → approve → idle, the rest working), the real engine in this
 * process with the chat's config, the measuring window (each message pressed as soon as the engine
 * holds its tokens; queued → message, press → key from the agents' own key records, press → outcome
 * edit, the calls made) behind a `BenchChat` each chat's stand-in implements, and the phases' options.
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
import type { Summary } from './stats.ts';
import { summarize } from './stats.ts';

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

/** A chat phase's options (bench/run.ts sets them). */
export interface ChatPhaseOptions extends ChatLoad {
  readonly windowMs: number;
  readonly idleWindowMs: number;
  readonly idlePairs: number;
  readonly idleWarmupMs: number;
}

/** What a chat phase measured (Telegram's and Slack's alike). */
export interface ChatBenchResult {
  readonly agents: number;
  readonly prompting: number;
  readonly queuedToSend: Summary;
  readonly pressToKey: Summary;
  /** Press delivered → the message's outcome edit reaching the stand-in. */
  readonly pressToEdit: Summary;
  /** Presses whose message had no outcome edit `EDIT_DRAIN_MS` after the window. */
  readonly pressesUnedited: number;
  /** Prompts queued during the window whose message had not gone 2 s after it. */
  readonly queuedUnsent: number;
  /** API calls that reached the stand-in during the window, by method. */
  readonly calls: Readonly<Record<string, number>>;
  readonly windowMs: number;
}

/** One chat's stand-in as the window drives it (`Id`: the chat's message id). */
export interface BenchChat<Id> {
  /** Hear every call reaching the stand-in. */
  onCall(listener: (method: string, params: Record<string, unknown>) => void): void;
  /** Whether a call is counted (Telegram's long poll is not). */
  counted(method: string): boolean;
  /** The text of a call that posts a message, where an item's target shows (null: not a post). */
  postedText(method: string, params: Record<string, unknown>): string | null;
  /** The message an outcome edit is about (undefined: not an outcome edit). */
  editedId(method: string, params: Record<string, unknown>): Id | undefined;
  /** The bot's messages whose first button is Approve. */
  approvable(): readonly Id[];
  /** The item the engine stored message `id` for (null: not stored yet). */
  itemOf(id: Id): string | null;
  /** Press message `id`'s Approve as the paired user. */
  press(id: Id): void;
}

/** How long after the window the bench waits for the outcome edits still queued. */
const EDIT_DRAIN_MS = 90_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const nowMs = (): number => performance.timeOrigin + performance.now();

/** Measure the window on a paired, running engine: counting starts now. */
export async function measureChat<Id>(engine: Engine, fleet: Fleet, chat: BenchChat<Id>, opts: ChatPhaseOptions): Promise<ChatBenchResult> {
  const added = new Map<string, number>();
  const queuedToSend: number[] = [];
  const presses: { paneKey: string; at: number }[] = [];
  const pressedAt = new Map<Id, number>();
  const pressToEdit: number[] = [];
  const calls: Record<string, number> = {};
  let counting = true;
  engine.on('item:added', ({ item }) => {
    if (item.reason === 'permission' && counting) added.set(item.target, nowMs());
  });
  chat.onCall((method, params) => {
    if (counting && chat.counted(method)) calls[method] = (calls[method] ?? 0) + 1;
    const at = nowMs();
    const edited = chat.editedId(method, params);
    const pressed = edited === undefined ? undefined : pressedAt.get(edited);
    if (edited !== undefined && pressed !== undefined) {
      pressToEdit.push(at - pressed);
      pressedAt.delete(edited);
    }
    const text = chat.postedText(method, params);
    if (text === null) return;
    for (const [target, t] of added) {
      if (!text.includes(` · ${target} · `)) continue;
      queuedToSend.push(at - t);
      added.delete(target);
    }
  });
  const deadline = Date.now() + opts.windowMs;
  const pressed = new Set<Id>();
  while (Date.now() < deadline) {
    // Press Approve on every stored message with buttons, once, as soon as the engine holds its tokens.
    for (const id of chat.approvable()) {
      if (pressed.has(id)) continue;
      const itemId = chat.itemOf(id);
      if (itemId === null) continue;
      const item = engine.store.items.get(itemId);
      pressed.add(id);
      if (!item) continue;
      const at = nowMs();
      presses.push({ paneKey: item.paneKey, at });
      pressedAt.set(id, at);
      chat.press(id);
    }
    await sleep(5);
  }
  counting = false;
  await sleep(2000);
  const queuedUnsent = added.size;
  // Nothing queued is lost: the outcome edits still queued go out as the load falls (no more presses).
  const drainDeadline = Date.now() + EDIT_DRAIN_MS;
  while (pressedAt.size > 0 && Date.now() < drainDeadline) await sleep(100);
  return {
    agents: opts.agents,
    prompting: opts.prompting,
    queuedToSend: summarize(queuedToSend),
    pressToKey: summarize(pressToKeyOf(fleet, presses)),
    pressToEdit: summarize(pressToEdit),
    pressesUnedited: pressedAt.size,
    queuedUnsent,
    calls,
    windowMs: opts.windowMs,
  };
}
