/**
 * Scenarios for the runtimes that cannot be installed here (Cursor agent, kiro-cli): their screens are
 * the real panes other projects captured (test/fixtures/peer-screens/screens/<id>, plain text without
 * colour or `.meta`, a note each). Both draw inline. No screen after an answer was captured, so the
 * idle screen after a turn stands in for it.
 *
 * Cursor: the shell approval and working screens of Cursor Agent 2026.09.26 (agentman), with the
 * working and idle-after-turn screens of 2026.06.26 (warden) as the third frame of a busy agent and the
 * idle screen (the 2026.09.26 idle captures carry a trust box or an error). The approval: `Run this
 * command?` → `Run (once) (y)`, allowlist (tab), Run Everything (shift+tab), `Skip & tell the agent
 * what to do instead (esc or n)`; `y` runs it once, `n`/Esc skip (the real `n` first opens a reason
 * box, which this scenario skips).
 *
 * kiro: the terminal UI of Kiro CLI 2.27 (agentman), with a 2.24.1 working screen as the third frame.
 * The write approval: `write requires approval`, `❯ Yes, single permission` / `Trust, always allow in
 * this session` / `No (Tab to edit)`; with `❯` on Yes, Enter approves once, Esc closes the menu (deny).
 * Digits do nothing; Down would move the marker to the standing grant, so it is not mapped.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { answerLoop, workingThenIdle } from './answer-loop.ts';

/** Which peer screens make up one runtime's agent. */
export interface PeerRuntimeSpec {
  readonly name: string;
  /** The process name its pane shows. */
  readonly processName: string;
  /** Peer screen ids: three working frames, the idle screen after a turn, the permission prompt. */
  readonly working: readonly [string, string, string];
  readonly idle: string;
  readonly prompt: string;
  readonly answers: Readonly<Record<string, 'approved' | 'denied'>>;
}

/** The two runtimes, by id; `processName` is what discovery matches (`cursor-agent`, `kiro-cli`). */
export const PEER_RUNTIMES: Readonly<Record<'cursor' | 'kiro', PeerRuntimeSpec>> = {
  cursor: {
    name: 'cursor-shell-approval',
    processName: 'cursor-agent',
    // "⠞ Working", "⠞ Running  71 tokens", "⠞ Running  22 tokens", each with "ctrl+c to stop".
    working: [
      'cursor-agentman-busy-working-2026.09.26',
      'cursor-agentman-busy-running-tool-2026.09.26',
      'cursor-warden-working-2026.06.26',
    ],
    idle: 'cursor-warden-idle-after-turn-2026.06.26',
    prompt: 'cursor-agentman-shell-approval-2026.09.26',
    answers: { y: 'approved', n: 'denied', Escape: 'denied' },
  },
  kiro: {
    name: 'kiro-write-approval',
    processName: 'kiro-cli',
    // "Kiro is working · Ns · Type to queue …" while a reply streams; idle: "▸ Credits: …" and the input.
    working: ['kiro-agentman-busy-queue-mode-2.27', 'kiro-agentman-streaming-reply-2.27', 'kiro-agentman-q-busy-2.24.1'],
    idle: 'kiro-agentman-idle-2.27',
    prompt: 'kiro-agentman-write-approval-2.27',
    answers: { Enter: 'approved', Escape: 'denied' },
  },
};

const peer = (id: string): StateSpec => ({ screen: `peer-screens/screens/${id}`, altScreen: false });

/** The runtime's working frames, then idle. */
export function peerWorkingStates(spec: PeerRuntimeSpec, stepMs: number): Record<string, StateSpec> {
  const [a, b, c] = spec.working;
  return workingThenIdle([peer(a), peer(b), peer(c)], peer(spec.idle), stepMs);
}

/** The runtime's prompt; with `idleMs`, it asks again that long after an answer. */
export function peerPrompt(spec: PeerRuntimeSpec, idleMs?: number): Scenario {
  const after = { ...peer(spec.idle), note: 'no capture after the answer: the idle screen after a turn stands in' };
  return answerLoop({
    name: spec.name,
    runtime: spec.processName,
    prompt: peer(spec.prompt),
    answers: spec.answers,
    approved: after,
    denied: after,
    working: peerWorkingStates(spec, 300),
    ...(idleMs === undefined ? {} : { idleMs }),
  });
}
