/**
 * Scenario shapes for benchmarks: a prompt that appears after N ms, and a loop that raises a new
 * prompt N ms after each answer (or every N ms at a fixed pace) — every prompt's `state` record carries the time it was drawn.
 */
import type { AfterSpec, Scenario, StateSpec } from '../scripted-agent/scenario.ts';
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
 * How long an answered screen shows at least, at a fixed pace. An answer that comes after the period
 * (an engine restarting between bench rounds) would otherwise be drawn over by the prompt within a
 * millisecond: on screen the same prompt, never seen answered, which no watcher can tell from the old one.
 */
export const ANSWER_SHOWN_MS = 500;

/**
 * Every state a key of the first state leads to and that sits at an input prompt (the screens
 * after approve / deny) goes back to the first state after `idleMs`: prompt → answer → idle → prompt.
 * With `periodMs`, every answered screen that asks again (an input prompt, or one whose timer already
 * leads back) does so `periodMs` after the prompt was last drawn: a fixed pace, one prompt per period
 * however long the answer took (the answer still shows `ANSWER_SHOWN_MS`), so a faster watcher is not
 * handed more prompts.
 */
export function looping(scenario: Scenario, idleMs: number, periodMs?: number): Scenario {
  const first = scenario.states[scenario.initial];
  const answers = new Set(Object.values(first?.keys ?? {}));
  const back: AfterSpec =
    periodMs === undefined
      ? { ms: idleMs, next: scenario.initial }
      : { ms: periodMs, next: scenario.initial, from: scenario.initial, minMs: ANSWER_SHOWN_MS };
  const asksAgain = (state: StateSpec): boolean =>
    state.input !== undefined || (periodMs !== undefined && state.after?.next === scenario.initial);
  const states: Record<string, StateSpec> = {};
  for (const [name, state] of Object.entries(scenario.states)) {
    states[name] = answers.has(name) && asksAgain(state) ? { ...state, after: back } : state;
  }
  return assertScenario({ ...scenario, name: `${scenario.name}-loop`, states });
}

/** Runtimes with a ready-made latency scenario: every runtime Trail Boss reads. */
export type LatencyRuntime = RuntimeId;

/**
 * For detection / approve latency: working for `firstPromptMs`, then the runtime's permission
 * prompt; after each answer, idle for `idleMs` (default 1000), then the prompt again — or, with
 * `periodMs`, the prompt again `periodMs` after it was last drawn (a fixed pace, see `looping`).
 */
export function latencyScenario(runtime: LatencyRuntime, opts: { firstPromptMs: number; idleMs?: number; periodMs?: number }): Scenario {
  const base = FLEET_RUNTIMES[runtime];
  const idleMs = opts.idleMs ?? 1000;
  const waiting = base.working(300)['working-1']?.screen;
  if (!waiting) throw new Error(`${runtime}: no working screen`);
  return promptAfter(looping(base.prompt(idleMs), idleMs, opts.periodMs), opts.firstPromptMs, waiting);
}
