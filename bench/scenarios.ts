/**
 * The scripted agents the bench runs, built from the project's scenarios (test/support/scenarios):
 * looping prompts for latency, and for CPU a fleet that is mostly idle or working, a few prompting.
 */
import type { ExpectedItem } from '../test/support/scenarios/fleet.ts';
import { FLEET_RUNTIMES } from '../test/support/scenarios/fleet.ts';
import { FIXTURES_ROOT } from '../test/support/scenarios/fixtures.ts';
import type { LatencyRuntime } from '../test/support/scenarios/latency.ts';
import { latencyScenario } from '../test/support/scenarios/latency.ts';
import type { Scenario, StateSpec } from '../test/support/scripted-agent/scenario.ts';
import { assertScenario } from '../test/support/scripted-agent/scenario.ts';

/** The runtimes with scripted scenarios — all nine Trail Boss reads — taken in turn so every fleet mixes them. */
export const BENCH_RUNTIMES: readonly LatencyRuntime[] = [
  'claude',
  'codex',
  'opencode',
  'cursor',
  'kiro',
  'auggie',
  'gemini',
  'qwen',
  'copilot',
];

/** Runtime of the i-th agent of a fleet. */
export function runtimeAt(i: number): LatencyRuntime {
  return BENCH_RUNTIMES[i % BENCH_RUNTIMES.length]!;
}

function workingStates(runtime: LatencyRuntime, stepMs: number): Record<string, StateSpec> {
  return FLEET_RUNTIMES[runtime].working(stepMs);
}

/** A loop that never ends: the runtime's three working screens in turn, one every `stepMs` (a busy agent redrawing). */
export function workingLoop(runtime: LatencyRuntime, stepMs: number): Scenario {
  const states = workingStates(runtime, stepMs);
  const last = states['working-3']!;
  return assertScenario({
    name: `${runtime}-working-loop`,
    runtime: FLEET_RUNTIMES[runtime].processName,
    initial: 'working-1',
    fixturesRoot: FIXTURES_ROOT,
    states: { ...states, 'working-3': { ...last, after: { ms: stepMs, next: 'working-1' } } },
  });
}

/** An agent idle at its input prompt after a turn; it draws once and stays quiet. */
export function idleAgent(runtime: LatencyRuntime): Scenario {
  return assertScenario({
    name: `${runtime}-idle`,
    runtime: FLEET_RUNTIMES[runtime].processName,
    initial: 'idle',
    fixturesRoot: FIXTURES_ROOT,
    states: workingStates(runtime, 300),
  });
}

/** An agent blocked at its permission prompt, never answered during the run. */
export function promptingAgent(runtime: LatencyRuntime): Scenario {
  return FLEET_RUNTIMES[runtime].prompt(1000);
}

/**
 * Prompt → answer → idle for `idleMs` → the same prompt again — or, with `periodMs`, the prompt again
 * `periodMs` after it was last drawn (a fixed pace: the same prompts per window whatever the answer's
 * delay); the prompt state's name says when one is drawn, and `expected` is the queue item each drawing must produce.
 */
export function loopingPrompt(
  runtime: LatencyRuntime,
  opts: { firstPromptMs: number; idleMs: number } | { firstPromptMs: number; periodMs: number },
): { scenario: Scenario; promptState: string; expected: ExpectedItem } {
  const scenario = latencyScenario(runtime, opts);
  const promptState = scenario.states[scenario.initial]?.after?.next;
  if (!promptState) throw new Error(`${scenario.name}: no timed step from the waiting screen to the prompt`);
  return { scenario, promptState, expected: FLEET_RUNTIMES[runtime].expected };
}

/** Which kind of agent the i-th pane of a CPU fleet is: 1 in 10 prompting, 2 in 10 working, the rest idle. */
export function cpuFleetKind(i: number): 'prompting' | 'working' | 'idle' {
  const slot = i % 10;
  if (slot === 9) return 'prompting';
  if (slot === 3 || slot === 6) return 'working';
  return 'idle';
}

/**
 * The runtimes whose idle screens are scripted line editors (a reply is typed and submitted): the
 * soak's agents take these in turn, since its loop goes through a reply. The others' answered screens
 * ask again by themselves and would only record the reply's keys.
 */
export const REPLY_RUNTIMES: readonly LatencyRuntime[] = ['claude', 'codex', 'opencode'];

/** Runtime of the i-th agent of the soak. */
export function soakRuntimeAt(i: number): LatencyRuntime {
  return REPLY_RUNTIMES[i % REPLY_RUNTIMES.length]!;
}

/**
 * The soak's agent: working, then its permission prompt; approved, it sits at its idle input prompt
 * (an idle turn, queued as `idle`) until a reply is submitted, works through three screens and
 * prompts again — prompt → approve → idle → reply → work → prompt, for as long as it runs.
 */
export function soakLoop(runtime: LatencyRuntime, opts: { firstPromptMs: number; workStepMs: number }): Scenario {
  const base = promptingAgent(runtime);
  const work = workingStates(runtime, opts.workStepMs);
  const last = work['working-3']!;
  const states = { ...base.states, ...work, 'working-3': { ...last, after: { ms: opts.workStepMs, next: base.initial } } };
  const waiting = { ...work['working-1']!, keys: {}, after: { ms: opts.firstPromptMs, next: base.initial } };
  return assertScenario({ ...base, name: `${runtime}-soak-loop`, initial: 'waiting', states: { ...states, waiting } });
}
