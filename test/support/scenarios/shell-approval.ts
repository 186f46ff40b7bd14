/**
 * Gemini CLI 0.61.0, Qwen Code 0.24.4 and Copilot CLI 1.0.102 shell confirmations, keys as verified in
 * test/fixtures/panes/<runtime>/*.md: `1` runs the command once; the No row's digit (Gemini `3`, Qwen `4`) and Esc
 * cancel it. All three draw inline. After an answer the agent sits idle `idleMs`, then asks again.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { answerLoop, workingThenIdle } from './answer-loop.ts';
import { lastRow, selfContained } from './fixtures.ts';

export type ShellApprovalRuntime = 'gemini' | 'qwen' | 'copilot';

const DENY_DIGIT: Readonly<Record<ShellApprovalRuntime, string | null>> = { gemini: '3', qwen: '4', copilot: null };

/**
 * Each runtime was captured working once; the later frames of a busy agent are that capture with its
 * status row moved on (spinner frame, seconds, tokens or bytes), as the CLI redraws it.
 */
const STATUS_ROW: Readonly<
  Record<ShellApprovalRuntime, { readonly is: (text: string) => boolean; readonly frame: (ansi: string, n: number) => string }>
> = {
  gemini: {
    is: (t) => t.includes('esc to cancel'),
    frame: (ansi, n) => ansi.replace('⠙', '⠙⠹⠸'[n] ?? '⠙').replace('cancel, 3s)', `cancel, ${3 + n}s)`),
  },
  qwen: {
    is: (t) => t.includes('esc to cancel'),
    frame: (ansi, n) => ansi.replace('(3s ', `(${3 + n}s `).replace('36 tokens', `${36 + 22 * n} tokens`),
  },
  copilot: { is: (t) => t.includes('esc esc'), frame: (ansi, n) => ansi.replace('234 B', `${234 * (n + 1)} B`) },
};

/** Frame `n` (0-based) of the runtime's working screen: the capture itself, then its status row moved on. */
function workingFrame(runtime: ShellApprovalRuntime, n: number): StateSpec {
  const screen = `panes/${runtime}/working`;
  if (n === 0) return { screen, altScreen: false };
  const status = STATUS_ROW[runtime];
  const row = lastRow(screen, status.is, 'status');
  return {
    screen,
    altScreen: false,
    lines: { [String(row)]: status.frame(selfContained(screen, row), n) },
    note: `status row redrawn (frame ${n + 1})`,
  };
}

/** The runtime's working screen in three frames (`working-1..3`), then idle after the turn. */
export function newerWorkingStates(runtime: ShellApprovalRuntime, stepMs: number): Record<string, StateSpec> {
  const idle: StateSpec = { screen: `panes/${runtime}/idle-after-turn`, altScreen: false };
  return workingThenIdle([workingFrame(runtime, 0), workingFrame(runtime, 1), workingFrame(runtime, 2)], idle, stepMs);
}

/** The shell confirmation: `1` approves once, the No digit or Esc denies; each answer asks again after `idleMs`. */
export function shellApproval(runtime: ShellApprovalRuntime, idleMs = 1000): Scenario {
  const deny = DENY_DIGIT[runtime];
  const screen = (name: string): StateSpec => ({ screen: `panes/${runtime}/${name}`, altScreen: false });
  return answerLoop({
    name: `${runtime}-shell-approval`,
    runtime,
    prompt: screen('perm-shell'),
    answers: { '1': 'approved', Escape: 'denied', ...(deny ? { [deny]: 'denied' } : {}) },
    approved: screen('perm-shell-after-approve'),
    denied: screen('perm-shell-after-deny'),
    working: newerWorkingStates(runtime, 300),
    idleMs,
  });
}
