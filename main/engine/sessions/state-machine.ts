/**
 * The per-pane state machine: the only place facts become state.
 *
 * Rules (each row is tested in test/engine/sessions/state-machine.test.ts under its number):
 *
 * | #   | fact                                   | when                                                     | result                                                    |
 * |-----|----------------------------------------|----------------------------------------------------------|-----------------------------------------------------------|
 * | R1  | anything but pane-seen                 | state is gone                                            | ignored (gone is terminal)                                |
 * | R2  | pane-seen                              | gone, or a different pid                                 | fresh `starting` state                                    |
 * | R3  | pane-seen                              | otherwise                                                | runtime/target/pid updated, state kept                    |
 * | R4  | pane-gone                              | –                                                        | gone with reason (a dead process is gone, never stuck)    |
 * | R5  | screen working (any stableCount)       | no claim disagrees within grace                          | working at once (working never alerts)                    |
 * | R6  | screen permission/dialog, stable ≥ 2   | captured at/after any claim                              | permission/dialog with the parsed prompt + fingerprint    |
 * | R7  | screen idle, stable ≥ 2                | no claim, claim agrees, grace over, or status agrees     | idle                                                      |
 * | R8  | screen idle/working/prompt             | disagrees with a claim younger than grace / older capture| held as evidence; state kept (settle decides later)       |
 * | R9  | screen unknown, stable ≥ 2             | state came from the pane                                 | unknown (no alert yet: needs the 30 s rule)               |
 * | R10 | screen unknown                         | a hook/transcript claim stands                           | held: an unrecognised screen proves nothing               |
 * | R11 | screen not working, stableCount < 2    | –                                                        | recorded, no state change, no longer counts as evidence   |
 * | R12 | unexplained ≥ unexplainedMs            | hook claims permission/dialog                            | state kept, needsLook set, tail updated                   |
 * | R13 | unexplained ≥ unexplainedMs            | otherwise                                                | unknown + needsLook + tail ("needs a look")               |
 * | R14 | unexplained < unexplainedMs            | –                                                        | tail only: a quiet pane proves nothing                    |
 * | R15 | hook permission-request                | pane shows a prompt/dialog stably                        | kept (the pane decides keys)                              |
 * | R16 | hook permission-request                | otherwise                                                | permission at once (dialog for AskUserQuestion/ExitPlanMode), tool+subject, no keys |
 * | R17 | hook stop                              | pane shows a prompt/dialog stably                        | kept                                                      |
 * | R18 | hook stop                              | otherwise                                                | idle (source hook)                                        |
 * | R19 | hook working (UserPromptSubmit, …)     | pane shows a prompt/dialog stably                        | kept                                                      |
 * | R20 | hook working                           | otherwise                                                | working (source hook)                                     |
 * | R21 | hook notification/session-start/-end  | –                                                        | noted only (liveness comes from pane-gone)                |
 * | R22 | hook older than the last hook          | –                                                        | ignored (out of order)                                    |
 * | R23 | status-hint                            | –                                                        | recorded; never moves the state, never creates a permission |
 * | R24 | status-hint                            | a claim disputes the pane and the hint sides with the pane | pane wins at once (tie broken)                          |
 * | R25 | transcript tool-answered               | permission/dialog from a hook or transcript              | working                                                   |
 * | R26 | transcript turn-ended                  | pane shows no prompt                                     | idle (source transcript)                                  |
 * | R27 | transcript user-prompt                 | pane shows no prompt                                     | working (source transcript)                               |
 * | R28 | transcript tool-pending                | –                                                        | nothing (never creates a permission)                      |
 * | R29 | any transcript                         | within grace after a hook                                | ignored (hooks are fresher)                               |
 * | R30 | settle(at) / any later fact            | pane stably shows another state ≥ grace after the claim  | the pane wins (hooks get dropped; Esc fires no Stop)      |
 * | R31 | screen working / settle(at)            | hook permission/dialog claim, < hookHold after it        | held, status hint too (hooks run before the prompt draws) |
 *
 * A claim that the pane already agrees with becomes pane evidence at once (source `pane`).
 */
import type { Fact } from './facts.ts';
import type { PaneState, StateMachineConfig } from './pane-state.ts';
import { DEFAULT_STATE_MACHINE_CONFIG } from './pane-state.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';
import { applyGone, applyScreen, applySeen, applyUnexplained } from './pane-rules.ts';
import { applyHook, applyStatus, applyTranscript } from './claim-rules.ts';
import { claimStandsFor, differs, paneEvidence, paneOverrules, takePane } from './transition.ts';

/** The outcome of one fact. Always keep `state` (timestamps move); `changed` says whether anything a surface shows changed. */
export interface ReduceResult {
  readonly state: PaneState;
  readonly changed: boolean;
}

function apply(s: PaneState, fact: Fact, cfg: StateMachineConfig): PaneState {
  if (fact.kind === 'pane-seen') return applySeen(s, fact);
  if (s.state === 'gone') return s;
  switch (fact.kind) {
    case 'pane-gone':
      return applyGone(s, fact);
    case 'screen':
      return applyScreen(s, fact, cfg);
    case 'unexplained':
      return applyUnexplained(s, fact, cfg);
    case 'hook':
      return applyHook(s, fact, cfg);
    case 'status-hint':
      return applyStatus(s, fact, cfg);
    case 'transcript':
      return applyTranscript(s, fact, cfg);
    default:
      return assertNever(fact);
  }
}

/** Apply one fact to a pane's state. Facts for another pane are a programming error. */
export function reduce(state: PaneState, fact: Fact, cfg: StateMachineConfig = DEFAULT_STATE_MACHINE_CONFIG): ReduceResult {
  if (fact.pane !== state.pane) throw new Error(`fact for ${fact.pane} applied to ${state.pane}`);
  const applied = apply(state, fact, cfg);
  const next = paneOverrules(applied, fact.at, cfg) ? takePane(applied, fact.at) : applied;
  return { state: next, changed: differs(state, next) };
}

/** R30 without a new fact: call after each observer tick (or at `settleAt`) so a stale claim gives way. */
export function settle(state: PaneState, at: number, cfg: StateMachineConfig = DEFAULT_STATE_MACHINE_CONFIG): ReduceResult {
  const next = paneOverrules(state, at, cfg) ? takePane(state, at) : state;
  return { state: next, changed: differs(state, next) };
}

/** When `settle` would let the pane overrule the current claim, if nothing else happens first; null when no dispute. */
export function settleAt(state: PaneState, cfg: StateMachineConfig = DEFAULT_STATE_MACHINE_CONFIG): number | null {
  if (state.source === 'pane' || state.claimAt === null || state.state === 'gone') return null;
  const evidence = paneEvidence(state);
  return evidence !== null && evidence !== state.state ? state.claimAt + claimStandsFor(state, evidence, cfg) : null;
}
