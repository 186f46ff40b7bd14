/**
 * Detection and approve latency with the real engine in its own process on a
 * private tmux server full of looping scripted agents: each draws a permission prompt (its record
 * says when), the engine queues it (`item:added`), approves it after a random delay, the agent
 * records the key, idles, and prompts again.
 */
import { join } from 'node:path';
import type { AgentRecord, KeyRecord, StateRecord } from '../test/support/scripted-agent/record.ts';
import { readRecords } from '../test/support/scripted-agent/record.ts';
import { startHost } from './child-host.ts';
import { startFleet } from './fleet.ts';
import type { HostMessage } from './host-protocol.ts';
import { preciseNow } from './host-protocol.ts';
import type { AgentReads } from './detection-reads.ts';
import { checkReads } from './detection-reads.ts';
import { loopingPrompt, runtimeAt, workingLoop } from './scenarios.ts';
import type { PromptFigures, Summary } from './stats.ts';
import { summarize } from './stats.ts';

/** Sizes and durations of one detection run. */
export interface DetectionOptions {
  readonly agents: number;
  /** Measurement window (prompts drawn in it count). */
  readonly windowMs: number;
  /** Time after the engine is ready before the window opens (first scan, prompts drawn before it). */
  readonly warmupMs?: number;
  /** How long a looping agent idles after an answer before it prompts again. Must exceed a tick + recheck. */
  readonly idleMs?: number;
  /** config `observe.mode` of the engine (default: the engine's, events). */
  readonly observeMode?: 'events' | 'poll';
  /** Share of the agents that are busy instead of prompting: redrawing every 100 ms (default 0). */
  readonly busyShare?: number;
}

/** What one run measured (milliseconds). */
export interface DetectionResult extends PromptFigures {
  readonly agents: number;
  /** How the engine watched the panes. */
  readonly mode: 'events' | 'poll';
  /** Of `agents`, how many were busy (redrawing every 100 ms) rather than looping prompts. */
  readonly busy: number;
  readonly windowMs: number;
  /** Approvals reported as not sent (changed/refused/gone) although the agent received a key right after. */
  readonly unexpectedKeys: number;
  readonly detectionByRuntime: Readonly<Record<string, Summary>>;
  /** Items that do not match what the agent drew (wrong runtime, kind or approve label; a busy agent queued), and keys that were not the approve key. */
  readonly wrongReads: number;
  readonly wrongKeys: number;
  /** The first few of them, as sentences. */
  readonly wrongExamples: readonly string[];
}

/** How often a busy agent redraws. */
const BUSY_STEP_MS = 100;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Run one detection/approve measurement with `agents` looping agents. */
export async function runDetection(opts: DetectionOptions): Promise<DetectionResult> {
  const warmupMs = opts.warmupMs ?? 3000;
  const idleMs = opts.idleMs ?? 1600;
  const busy = Math.round(opts.agents * (opts.busyShare ?? 0));
  const loops = Array.from({ length: opts.agents - busy }, (_, i) => ({
    runtime: runtimeAt(i),
    ...loopingPrompt(runtimeAt(i), { firstPromptMs: 500 + Math.random() * 1500, idleMs }),
  }));
  // Busy agents: the working screens in turn, one every 100 ms (a spinner redrawn with streamed text).
  const busyAgents = Array.from({ length: busy }, (_, i) => workingLoop(runtimeAt(i), BUSY_STEP_MS));
  const fleet = await startFleet([...loops.map((l) => l.scenario), ...busyAgents]);
  try {
    const host = await startHost('engine-host.ts', {
      home: join(fleet.dir, 'engine'),
      socket: fleet.socket,
      captureMode: 'control',
      ...(opts.observeMode ? { observeMode: opts.observeMode } : {}),
      api: false,
      autoApprove: { maxDelayMs: 1000 },
    });
    let windowStart = 0;
    let windowEnd = 0;
    try {
      const ready = host.messages.find((m) => m.type === 'ready')!;
      windowStart = ready.t + warmupMs;
      windowEnd = windowStart + opts.windowMs;
      // Grace after the window: the last prompts drawn in it still get detected and answered.
      await sleep(Math.max(0, windowEnd - preciseNow()) + 3000);
    } finally {
      await host.stop();
    }
    const inWindow = (t: number): boolean => t >= windowStart && t <= windowEnd;
    const detection: number[] = [];
    const byRuntime = new Map<string, number[]>();
    const approve: number[] = [];
    const outcomes: Record<string, number> = {};
    const keysReceived: Record<string, number> = {};
    let missed = 0;
    let unexpectedKeys = 0;
    const reads: AgentReads[] = [];
    fleet.agents.slice(0, loops.length).forEach((agent, i) => {
      const loop = loops[i]!;
      const paneKey = fleet.paneKey(agent);
      const records = readRecords(agent.recordPath);
      const added = host.messages.filter(
        (m): m is Extract<HostMessage, { type: 'added' }> => m.type === 'added' && m.paneKey === paneKey && m.reason === 'permission',
      );
      const prompts = records.filter((r): r is StateRecord => r.type === 'state' && r.state === loop.promptState);
      prompts.forEach((p, k) => {
        if (!inWindow(p.t)) return;
        const until = prompts[k + 1]?.t ?? Infinity;
        const hit = added.find((a) => a.t >= p.t && a.t < until);
        if (!hit) return void missed++;
        detection.push(hit.t - p.t);
        byRuntime.set(loop.runtime, [...(byRuntime.get(loop.runtime) ?? []), hit.t - p.t]);
      });
      const keys = records.filter((r): r is KeyRecord => r.type === 'key');
      for (const key of keys) if (inWindow(key.t)) keysReceived[key.key] = (keysReceived[key.key] ?? 0) + 1;
      reads.push(agentReads(`${loop.runtime} #${i}`, loop.expected, host.messages, paneKey, keys, inWindow));
      for (const a of host.messages) {
        if (a.type !== 'approve' || a.paneKey !== paneKey || !inWindow(a.tReq)) continue;
        outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
        const key = firstKeyBetween(records, a.tReq, a.tDone + 1000);
        if (a.outcome === 'confirmed' || a.outcome === 'unconfirmed') {
          if (key) approve.push(key.t - a.tReq);
        } else if (key) unexpectedKeys++;
      }
    });
    fleet.agents.slice(loops.length).forEach((agent, i) => {
      const keys = readRecords(agent.recordPath).filter((r): r is KeyRecord => r.type === 'key');
      reads.push(agentReads(`busy ${runtimeAt(i)} #${i}`, null, host.messages, fleet.paneKey(agent), keys, inWindow));
    });
    const checks = reads.map(checkReads);
    const wrong = checks.flatMap((c) => [...c.wrongReads, ...c.wrongKeys]);
    return {
      agents: opts.agents,
      mode: opts.observeMode ?? 'events',
      busy,
      windowMs: opts.windowMs,
      detection: summarize(detection),
      missed,
      approve: summarize(approve),
      approveOutcomes: outcomes,
      keysReceived,
      unexpectedKeys,
      detectionByRuntime: Object.fromEntries([...byRuntime].map(([runtime, values]) => [runtime, summarize(values)])),
      wrongReads: checks.reduce((n, c) => n + c.wrongReads.length, 0),
      wrongKeys: checks.reduce((n, c) => n + c.wrongKeys.length, 0),
      wrongExamples: wrong.slice(0, 5),
    };
  } finally {
    await fleet.dispose();
  }
}

/** One agent's items and keys in the window, for checkReads. */
function agentReads(
  label: string,
  expected: AgentReads['expected'],
  messages: readonly HostMessage[],
  paneKey: string,
  keys: readonly KeyRecord[],
  inWindow: (t: number) => boolean,
): AgentReads {
  const added = messages.filter(
    (m): m is Extract<HostMessage, { type: 'added' }> => m.type === 'added' && m.paneKey === paneKey && inWindow(m.t),
  );
  return { label, expected, added, keys: keys.filter((k) => inWindow(k.t)).map((k) => k.key) };
}

function firstKeyBetween(records: readonly AgentRecord[], from: number, to: number): KeyRecord | undefined {
  return records.find((r): r is KeyRecord => r.type === 'key' && r.t >= from && r.t <= to);
}
