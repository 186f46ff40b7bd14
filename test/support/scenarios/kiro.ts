/**
 * kiro-cli scenarios. The CLI cannot be installed here, so the screens are the real panes other
 * projects captured (test/fixtures/peer-screens/screens/kiro-*, plain text without colour or `.meta`;
 * each has a note): the terminal UI of Kiro CLI 2.27 (agentman), with a 2.24.1 working screen as the
 * third frame of a busy agent. Keys as the peers' notes say: with `❯` on `Yes, single permission`,
 * Enter approves once; Esc closes the menu (deny). Digits do nothing; Down would move the marker to
 * the standing grant, so it is not mapped.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { answerLoop, workingThenIdle } from './answer-loop.ts';

const peer = (id: string): StateSpec => ({ screen: `peer-screens/screens/kiro-${id}`, altScreen: false });

/** The process name of kiro-cli (`pane_current_command`). */
export const KIRO_PROCESS = 'kiro-cli';

/** "Kiro is working · Ns · Type to queue …" while a reply streams, then idle after the turn ("▸ Credits: …"). */
export function kiroWorkingStates(stepMs: number): Record<string, StateSpec> {
  return workingThenIdle(
    [peer('agentman-busy-queue-mode-2.27'), peer('agentman-streaming-reply-2.27'), peer('agentman-q-busy-2.24.1')],
    peer('agentman-idle-2.27'),
    stepMs,
  );
}

/**
 * The write approval (`write requires approval`, `❯ Yes, single permission` / `Trust, always allow
 * in this session` / `No (Tab to edit)`): Enter approves once, Esc denies. No screen after an
 * answer was captured: the idle screen after a turn stands in for both.
 */
export function kiroWriteApproval(idleMs?: number): Scenario {
  const after = { ...peer('agentman-idle-2.27'), note: 'no capture after the answer: the idle screen after a turn stands in' };
  return answerLoop({
    name: 'kiro-write-approval',
    runtime: KIRO_PROCESS,
    prompt: peer('agentman-write-approval-2.27'),
    answers: { Enter: 'approved', Escape: 'denied' },
    approved: after,
    denied: after,
    working: kiroWorkingStates(300),
    ...(idleMs === undefined ? {} : { idleMs }),
  });
}
