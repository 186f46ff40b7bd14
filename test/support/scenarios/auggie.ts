/**
 * auggie 0.36.0 scenarios, keys as verified in test/fixtures/panes/auggie/*.md. auggie draws inline
 * (`.meta` says `alternate_on=0`). At its approval prompt only `a`/`A` (allow this one call) and
 * `d`/`D` (deny) act; Esc, Enter, y, n, Space, Ctrl+C, Ctrl+D are swallowed (not listed here, so
 * they change nothing but are still recorded).
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { answerLoop, workingThenIdle } from './answer-loop.ts';

const screen = (name: string): string => `panes/auggie/${name}`;

/**
 * A turn: the request sent (working-think-2, "Sending request... (7s • esc to interrupt)"), the reply
 * streaming (working-stream-1, -2, "Processing response..."), then idle after the turn. Not
 * working-stream-3: its `.txt` and `.ansi` were taken a second apart (14s / 15s).
 */
export function auggieWorkingStates(stepMs: number): Record<string, StateSpec> {
  const work = (name: string): StateSpec => ({ screen: screen(name) });
  return workingThenIdle(
    [work('working-think-2'), work('working-stream-1'), work('working-stream-2')],
    { screen: screen('idle-after-turn') },
    stepMs,
  );
}

/** The shell-command approval (approval-shell): `a` runs it once, `d` denies it; with `idleMs`, it asks again that long after. */
export function auggieShellApproval(idleMs?: number): Scenario {
  return answerLoop({
    name: 'auggie-shell-approval',
    runtime: 'auggie',
    prompt: { screen: screen('approval-shell') },
    answers: { a: 'approved', A: 'approved', d: 'denied', D: 'denied' },
    approved: { screen: screen('approval-shell-after-allow') },
    denied: { screen: screen('approval-shell-after-deny') },
    ...(idleMs === undefined ? {} : { working: auggieWorkingStates(300), idleMs }),
  });
}
