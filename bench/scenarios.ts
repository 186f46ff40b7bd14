/**
 * The scripted agents the bench runs, built from the project's scenarios (test/support/scenarios):
 * looping prompts for latency, and for CPU a fleet that is mostly idle or working, a few prompting.
 */
import { claudePermBash, claudeWorkingStates } from '../test/support/scenarios/claude.ts';
import { codexExecApproval, codexWorkingStates } from '../test/support/scenarios/codex.ts';
import { FIXTURES_ROOT } from '../test/support/scenarios/fixtures.ts';
import type { LatencyRuntime } from '../test/support/scenarios/latency.ts';
import { latencyScenario } from '../test/support/scenarios/latency.ts';
import { opencodeBashApproval, opencodeWorkingStates } from '../test/support/scenarios/opencode.ts';
import { newerWorkingStates, shellApproval } from '../test/support/scenarios/shell-approval.ts';
import type { Scenario, StateSpec } from '../test/support/scripted-agent/scenario.ts';
import { assertScenario } from '../test/support/scripted-agent/scenario.ts';

/** The runtimes with scripted scenarios, taken in turn so every fleet mixes them. */
export const BENCH_RUNTIMES: readonly LatencyRuntime[] = ['claude', 'codex', 'opencode'];

/** Runtime of the i-th agent of a fleet. */
export function runtimeAt(i: number): LatencyRuntime {
  return BENCH_RUNTIMES[i % BENCH_RUNTIMES.length]!;
}

function workingStates(runtime: LatencyRuntime, stepMs: number): Record<string, StateSpec> {
  switch (runtime) {
    case 'claude':
      return claudeWorkingStates(stepMs);
    case 'codex':
      return codexWorkingStates(stepMs);
    case 'opencode':
      return opencodeWorkingStates(stepMs);
    case 'gemini':
    case 'qwen':
    case 'copilot':
      return newerWorkingStates(runtime, stepMs);
  }
}

/** A loop that never ends: the runtime's three working screens in turn, one every `stepMs` (a busy agent redrawing). */
export function workingLoop(runtime: LatencyRuntime, stepMs: number): Scenario {
  const states = workingStates(runtime, stepMs);
  const last = states['working-3']!;
  return assertScenario({
    name: `${runtime}-working-loop`,
    runtime,
    initial: 'working-1',
    fixturesRoot: FIXTURES_ROOT,
    states: { ...states, 'working-3': { ...last, after: { ms: stepMs, next: 'working-1' } } },
  });
}

/** An agent idle at its input prompt after a turn; it draws once and stays quiet. */
export function idleAgent(runtime: LatencyRuntime): Scenario {
  return assertScenario({
    name: `${runtime}-idle`,
    runtime,
    initial: 'idle',
    fixturesRoot: FIXTURES_ROOT,
    states: workingStates(runtime, 300),
  });
}

/** An agent blocked at its permission prompt, never answered during the run. */
export function promptingAgent(runtime: LatencyRuntime): Scenario {
  switch (runtime) {
    case 'claude':
      return claudePermBash();
    case 'codex':
      return codexExecApproval();
    case 'opencode':
      return opencodeBashApproval();
    case 'gemini':
    case 'qwen':
    case 'copilot':
      return shellApproval(runtime);
  }
}

/** Prompt → answer → idle for `idleMs` → the same prompt again; the prompt state's name says when one is drawn. */
export function loopingPrompt(
  runtime: LatencyRuntime,
  opts: { firstPromptMs: number; idleMs: number },
): { scenario: Scenario; promptState: string } {
  const scenario = latencyScenario(runtime, opts);
  const promptState = scenario.states[scenario.initial]?.after?.next;
  if (!promptState) throw new Error(`${scenario.name}: no timed step from the waiting screen to the prompt`);
  return { scenario, promptState };
}

/** Which kind of agent the i-th pane of a CPU fleet is: 1 in 10 prompting, 2 in 10 working, the rest idle. */
export function cpuFleetKind(i: number): 'prompting' | 'working' | 'idle' {
  const slot = i % 10;
  if (slot === 9) return 'prompting';
  if (slot === 3 || slot === 6) return 'working';
  return 'idle';
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
