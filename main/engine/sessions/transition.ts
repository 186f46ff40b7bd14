/** Small building blocks the state-machine rules share: entering a state, and comparing two PaneStates. */
import type { DialogScreen, PermissionPrompt } from '../runtimes/types.ts';
import { fingerprintOf } from '../runtimes/common/fingerprint.ts';
import type { AgentState, HookRequest, PaneState, StateSource, StateMachineConfig } from './pane-state.ts';
import { isPromptState, stateOfHint, stateOfScreen } from './pane-state.ts';

/** What a new state carries besides its name. */
export interface Entry {
  readonly source: StateSource;
  readonly prompt?: PermissionPrompt | DialogScreen | null;
  readonly hookRequest?: HookRequest | null;
  readonly needsLook?: boolean;
}

/**
 * Move to `state` at `at`. `since` changes only when the state does; a non-pane source starts a
 * claim (the pane may overrule it after the grace period), the pane ends any claim.
 */
export function enter(s: PaneState, state: AgentState, at: number, entry: Entry): PaneState {
  const prompt = entry.prompt ?? null;
  return {
    ...s,
    state,
    since: state === s.state ? s.since : at,
    source: entry.source,
    prompt,
    fingerprint: prompt ? fingerprintOf(prompt) : null,
    hookRequest: entry.hookRequest ?? null,
    needsLook: entry.needsLook ?? false,
    claimAt: entry.source === 'pane' ? null : at,
    goneReason: null,
  };
}

/** The pane itself shows the prompt/dialog the state is about: no hook or transcript may talk it away. */
export function paneHoldsPrompt(s: PaneState): boolean {
  return s.source === 'pane' && isPromptState(s.state) && s.screenStable;
}

/** The state the pane's current evidence stands for, or null when it is no evidence (unstable, unknown). */
export function paneEvidence(s: PaneState): AgentState | null {
  if (!s.screen || !s.screenStable) return null;
  const implied = stateOfScreen(s.screen.kind);
  return implied === 'unknown' ? null : implied;
}

/** Whether the status hint, recorded after the current claim, agrees with `state` (the tie-breaker). */
export function hintAgrees(s: PaneState, state: AgentState): boolean {
  if (s.statusHint === null || s.statusAt === null) return false;
  if (s.claimAt !== null && s.statusAt < s.claimAt) return false;
  return stateOfHint(s.statusHint) === state;
}

/** Take the pane's current evidence as the state (source `pane`). Caller checked `paneEvidence` is non-null. */
export function takePane(s: PaneState, at: number): PaneState {
  const screen = s.screen;
  if (!screen || !s.screenStable) return s;
  const state = stateOfScreen(screen.kind);
  const prompt = screen.kind === 'permission' || screen.kind === 'dialog' ? screen : null;
  return enter(s, state, at, { source: 'pane', prompt });
}

/**
 * Whether the claim is a hook's prompt the pane has not drawn yet while the pane shows the agent at
 * work. Codex (and Claude Code) run their PermissionRequest hooks before they draw the prompt, so a
 * working pane is what such a prompt looks like until its hooks are done: no evidence that it ended.
 */
export function awaitsPromptDraw(s: PaneState, evidence: AgentState | null): boolean {
  return s.source === 'hook' && isPromptState(s.state) && evidence === 'working';
}

/** How long after the claim the pane's `evidence` may overrule it: the hook hold for a prompt not drawn yet, else the grace period. */
export function claimStandsFor(s: PaneState, evidence: AgentState, cfg: StateMachineConfig): number {
  return awaitsPromptDraw(s, evidence) ? cfg.hookHoldMs : cfg.graceMs;
}

/**
 * Whether a hook/transcript claim should give way to the pane now: the pane shows (stably) a
 * different state, and either the claim's time is over (the grace period; the hook hold while a
 * hook's prompt waits to be drawn) or the status hint sides with the pane. Unknown screens never
 * overrule a claim (an unrecognised screen proves nothing). Ended requests do not wait for the hold:
 * a later hook (PostToolUse, Stop, …) replaces the claim, and an idle pane wins after the grace period.
 */
export function paneOverrules(s: PaneState, at: number, cfg: StateMachineConfig): boolean {
  if (s.source === 'pane' || s.claimAt === null || s.state === 'gone') return false;
  const evidence = paneEvidence(s);
  if (evidence === null || evidence === s.state) return false;
  if (at >= s.claimAt + claimStandsFor(s, evidence, cfg)) return true;
  // The status hint may say "busy" while the hooks run: it never ends the hold early.
  if (awaitsPromptDraw(s, evidence)) return false;
  // Inside the grace period only evidence seen at or after the claim, backed by the status hint, wins.
  return s.screenAt !== null && s.screenAt >= s.claimAt && hintAgrees(s, evidence);
}

/** Whether anything a surface or the attention queue cares about differs (the tail alone does not count). */
export function differs(a: PaneState, b: PaneState): boolean {
  return (
    a.state !== b.state ||
    a.since !== b.since ||
    a.source !== b.source ||
    a.fingerprint !== b.fingerprint ||
    a.needsLook !== b.needsLook ||
    a.runtime !== b.runtime ||
    a.target !== b.target ||
    a.pid !== b.pid ||
    a.goneReason !== b.goneReason ||
    a.hookRequest?.tool !== b.hookRequest?.tool ||
    a.hookRequest?.subject !== b.hookRequest?.subject
  );
}
