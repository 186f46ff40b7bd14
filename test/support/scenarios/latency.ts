/**
 * Scenario shapes for benchmarks: a prompt that appears after N ms, and a loop that raises a new
 * prompt N ms after each answer — every prompt's `state` record carries the time it was drawn.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { assertScenario } from '../scripted-agent/scenario.ts';
import type { RuntimeId } from '../../../main/engine/runtimes/types.ts';
import { FLEET_RUNTIMES } from './fleet.ts';

/** Start on `waitingScreen` (a working screen) and draw the scenario's first state after `ms`. */
export function promptAfter(scenario: Scenario, ms: number, waitingScreen: string): Scenario {
  // The waiting screen uses the same screen mode as the prompt it leads to.
  const alt = scenario.states[scenario.initial]?.altScreen;
  const waiting: StateSpec = {
    screen: waitingScreen,
    after: { ms, next: scenario.initial },
    ...(alt === undefined ? {} : { altScreen: alt }),
  };
  return assertScenario({
    ...scenario,
    name: `${scenario.name}-after-${ms}ms`,
    initial: 'waiting',
    states: { ...scenario.states, waiting },
  });
}

/**
 * Every state a key of the first state leads to and that sits at an input prompt (the screens
 * after approve / deny) goes back to the first state after `idleMs`: prompt → answer → idle → prompt.
 */
export function looping(scenario: Scenario, idleMs: number): Scenario {
  const first = scenario.states[scenario.initial];
  const answers = new Set(Object.values(first?.keys ?? {}));
  const states: Record<string, StateSpec> = {};
  for (const [name, state] of Object.entries(scenario.states)) {
    states[name] = answers.has(name) && state.input ? { ...state, after: { ms: idleMs, next: scenario.initial } } : state;
  }
  return assertScenario({ ...scenario, name: `${scenario.name}-loop`, states });
}

/** Runtimes with a ready-made latency scenario: every runtime Trail Boss reads. */
export type LatencyRuntime = RuntimeId;

/**
 * For detection / approve latency: working for `firstPromptMs`, then the runtime's permission
 * prompt; after each answer, idle for `idleMs` (default 1000), then the prompt again.
 */
export function latencyScenario(runtime: LatencyRuntime, opts: { firstPromptMs: number; idleMs?: number }): Scenario {
  const base = FLEET_RUNTIMES[runtime];
  const idleMs = opts.idleMs ?? 1000;
  const waiting = base.working(300)['working-1']?.screen;
  if (!waiting) throw new Error(`${runtime}: no working screen`);
  return promptAfter(looping(base.prompt(idleMs), idleMs), opts.firstPromptMs, waiting);
}
