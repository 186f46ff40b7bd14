/**
 * opencode 1.18.33 scenarios, keys as verified in test/fixtures/panes/opencode/*.md.
 * No `.meta` was captured: the screens are full-screen layouts, drawn on the alternate screen.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { assertScenario } from '../scripted-agent/scenario.ts';
import { FIXTURES_ROOT } from './fixtures.ts';
import { opencodeInput } from './inputs.ts';
import { opencodeButtonLine } from './highlights.ts';

const screen = (name: string): string => `panes/opencode/${name}`;

/** Options shared by the opencode scenarios. */
export interface OpencodeScenarioOptions {
  /** Time on each working screen after a submitted text (default 300 ms). */
  readonly workingStepMs?: number;
}

/** An idle opencode screen with its composer as a line editor. */
export function opencodeIdle(name: string, note?: string): StateSpec {
  return { screen: screen(name), altScreen: true, input: opencodeInput(screen(name), 'working-1'), ...(note ? { note } : {}) };
}

/** working-stream-1 → 2 → 3 → idle. */
export function opencodeWorkingStates(stepMs: number): Record<string, StateSpec> {
  const work = (n: number, next: string): StateSpec => ({
    screen: screen(`working-stream-${n}`),
    altScreen: true,
    after: { ms: stepMs, next },
  });
  return {
    'working-1': work(1, 'working-2'),
    'working-2': work(2, 'working-3'),
    'working-3': work(3, 'idle'),
    idle: opencodeIdle('idle-after-turn'),
  };
}

/** The three highlight positions of the bash prompt, in Right order. */
const POSITIONS = ['prompt', 'prompt-always', 'prompt-reject'] as const;

/**
 * Bash approval (approval-bash). Right/Left move the highlight (drawn in colour 215) over
 * Allow once → Allow always → Reject, wrapping; Enter confirms the highlighted button; Esc rejects
 * at once; End/Home/Tab do nothing. Enter on Allow always opens the "Always allow" confirmation
 * (Enter there allows always, Esc goes back to the prompt with the highlight on Allow once).
 */
export function opencodeBashApproval(opts: OpencodeScenarioOptions = {}): Scenario {
  const prompt = screen('approval-bash');
  const enter = ['allowed-once', 'always-confirm', 'rejected'];
  const states: Record<string, StateSpec> = { ...opencodeWorkingStates(opts.workingStepMs ?? 300) };
  POSITIONS.forEach((name, i) => {
    const { row, line } = opencodeButtonLine(prompt, i);
    states[name] = {
      screen: prompt,
      altScreen: true,
      ...(i === 0 ? {} : { lines: { [String(row)]: line } }),
      keys: {
        Right: POSITIONS[(i + 1) % 3] ?? 'prompt',
        Left: POSITIONS[(i + 2) % 3] ?? 'prompt',
        Enter: enter[i] ?? 'rejected',
        Escape: 'rejected-esc',
      },
    };
  });
  states['always-confirm'] = {
    screen: screen('dialog-always-allow-confirm'),
    altScreen: true,
    keys: { Enter: 'allowed-always', Escape: 'prompt' },
  };
  states['allowed-once'] = opencodeIdle('approval-bash-after-allow-once');
  states['allowed-always'] = opencodeIdle('approval-bash-after-allow-once', 'no capture after "always": the allow-once screen stands in');
  states['rejected'] = opencodeIdle('approval-bash-after-reject');
  states['rejected-esc'] = opencodeIdle('approval-bash-after-esc');
  return assertScenario({ name: 'opencode-bash-approval', runtime: 'opencode', initial: 'prompt', fixturesRoot: FIXTURES_ROOT, states });
}
