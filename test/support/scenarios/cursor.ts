/**
 * Cursor agent scenarios. The CLI cannot be installed here, so the screens are the real panes other
 * projects captured (test/fixtures/peer-screens/screens/cursor-*, plain text without colour or
 * `.meta`; each has a note): the shell approval and working screens of Cursor Agent 2026.09.26
 * (agentman), with the working and idle-after-turn screens of 2026.06.26 (warden) as the third frame
 * of a busy agent and the idle screen (the 2026.09.26 idle captures carry a trust box or an error). Cursor
 * draws inline. Keys as the peers' notes say: `y` runs the command once; `n` and Esc skip it.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { answerLoop, workingThenIdle } from './answer-loop.ts';

const peer = (id: string): StateSpec => ({ screen: `peer-screens/screens/cursor-${id}`, altScreen: false });

/** The process name of the Cursor agent CLI (`pane_current_command`). */
export const CURSOR_PROCESS = 'cursor-agent';

/** "⠞ Working", "⠞ Running  71 tokens", "⠞ Running  22 tokens" (each with "ctrl+c to stop"), then idle after the turn. */
export function cursorWorkingStates(stepMs: number): Record<string, StateSpec> {
  return workingThenIdle(
    [peer('agentman-busy-working-2026.09.26'), peer('agentman-busy-running-tool-2026.09.26'), peer('warden-working-2026.06.26')],
    peer('warden-idle-after-turn-2026.06.26'),
    stepMs,
  );
}

/**
 * The shell approval (`Run this command?` → `Run (once) (y)`, allowlist (tab), Run Everything
 * (shift+tab), `Skip & tell the agent what to do instead (esc or n)`): `y` runs it once; `n`/Esc
 * skip. No screen after an answer was captured: the idle screen after a turn stands in for both (the
 * real `n` first opens a reason box, which this scenario skips).
 */
export function cursorShellApproval(idleMs?: number): Scenario {
  const after = {
    ...peer('warden-idle-after-turn-2026.06.26'),
    note: 'no capture after the answer: the idle screen after a turn stands in',
  };
  return answerLoop({
    name: 'cursor-shell-approval',
    runtime: CURSOR_PROCESS,
    prompt: peer('agentman-shell-approval-2026.09.26'),
    answers: { y: 'approved', n: 'denied', Escape: 'denied' },
    approved: after,
    denied: after,
    working: cursorWorkingStates(300),
    ...(idleMs === undefined ? {} : { idleMs }),
  });
}
