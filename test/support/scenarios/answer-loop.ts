/**
 * The shape shared by the prompts of the runtimes without a scripted input line (auggie, Cursor agent,
 * kiro-cli, Gemini CLI, Qwen Code, Copilot CLI): a prompt whose answer keys lead to an answered
 * screen, and with `idleMs`, that screen asks again after `idleMs` (prompt → answer → idle → prompt).
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { assertScenario } from '../scripted-agent/scenario.ts';
import { FIXTURES_ROOT } from './fixtures.ts';

/** What one prompt scenario is made of. */
export interface AnswerLoopSpec {
  readonly name: string;
  /** The process name the pane shows (`auggie`, `cursor-agent`, `kiro-cli`, …). */
  readonly runtime: string;
  /** The prompt (state `prompt`); its `keys` are taken from `answers`. */
  readonly prompt: Omit<StateSpec, 'keys'>;
  /** Key → `approved` or `denied`. */
  readonly answers: Readonly<Record<string, 'approved' | 'denied'>>;
  readonly approved: StateSpec;
  readonly denied: StateSpec;
  /** The runtime's working and idle states (`working-1..3`, `idle`), kept beside the prompt. */
  readonly working?: Readonly<Record<string, StateSpec>>;
  /** Ask again this long after an answer; absent: the answered screen stays. */
  readonly idleMs?: number;
}

/** The scenario: `prompt` → `approved` / `denied` (→ `prompt` after `idleMs`). */
export function answerLoop(spec: AnswerLoopSpec): Scenario {
  const again = (state: StateSpec): StateSpec =>
    spec.idleMs === undefined ? state : { ...state, after: { ms: spec.idleMs, next: 'prompt' } };
  return assertScenario({
    name: spec.name,
    runtime: spec.runtime,
    initial: 'prompt',
    fixturesRoot: FIXTURES_ROOT,
    states: {
      ...spec.working,
      prompt: { ...spec.prompt, keys: spec.answers },
      approved: again(spec.approved),
      denied: again(spec.denied),
    },
  });
}

/** `working-1..3` on the given screens (one state each, `stepMs` apart), then `idle`. */
export function workingThenIdle(
  working: readonly [StateSpec, StateSpec, StateSpec],
  idle: StateSpec,
  stepMs: number,
): Record<string, StateSpec> {
  const step = (state: StateSpec, next: string): StateSpec => ({ ...state, after: { ms: stepMs, next } });
  return {
    'working-1': step(working[0], 'working-2'),
    'working-2': step(working[1], 'working-3'),
    'working-3': step(working[2], 'idle'),
    idle,
  };
}
