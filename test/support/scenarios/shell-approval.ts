/**
 * Gemini CLI 0.61.0, Qwen Code 0.24.4 and Copilot CLI 1.0.102 shell confirmations, keys as verified in
 * test/fixtures/panes/<runtime>/*.md: `1` runs the command once; the No row's digit (Gemini `3`, Qwen `4`) and Esc
 * cancel it. All three draw inline. After an answer the agent sits idle `idleMs`, then asks again.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { assertScenario } from '../scripted-agent/scenario.ts';
import { FIXTURES_ROOT } from './fixtures.ts';

export type ShellApprovalRuntime = 'gemini' | 'qwen' | 'copilot';

const DENY_DIGIT: Readonly<Record<ShellApprovalRuntime, string | null>> = { gemini: '3', qwen: '4', copilot: null };

/** The runtime's working screen, three times in turn (`working-1..3`), then idle after the turn. */
export function newerWorkingStates(runtime: ShellApprovalRuntime, stepMs: number): Record<string, StateSpec> {
  const screen = `panes/${runtime}/working`;
  return {
    'working-1': { screen, altScreen: false, after: { ms: stepMs, next: 'working-2' } },
    'working-2': { screen, altScreen: false, after: { ms: stepMs, next: 'working-3' } },
    'working-3': { screen, altScreen: false, after: { ms: stepMs, next: 'idle' } },
    idle: { screen: `panes/${runtime}/idle-after-turn`, altScreen: false },
  };
}

/** The shell confirmation: `1` approves once, the No digit or Esc denies; each answer asks again after `idleMs`. */
export function shellApproval(runtime: ShellApprovalRuntime, idleMs = 1000): Scenario {
  const deny = DENY_DIGIT[runtime];
  const keys: Record<string, string> = { '1': 'approved', Escape: 'denied', ...(deny ? { [deny]: 'denied' } : {}) };
  return assertScenario({
    name: `${runtime}-shell-approval`,
    runtime,
    initial: 'prompt',
    fixturesRoot: FIXTURES_ROOT,
    states: {
      ...newerWorkingStates(runtime, 300),
      prompt: { screen: `panes/${runtime}/perm-shell`, altScreen: false, keys },
      approved: { screen: `panes/${runtime}/perm-shell-after-approve`, altScreen: false, after: { ms: idleMs, next: 'prompt' } },
      denied: { screen: `panes/${runtime}/perm-shell-after-deny`, altScreen: false, after: { ms: idleMs, next: 'prompt' } },
    },
  });
}
