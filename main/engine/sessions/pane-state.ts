/**
 * The per-pane truth the state machine owns: plain JSON-able data, so the store can persist it as is.
 */
import type { DialogScreen, PermissionPrompt, RuntimeId, Screen, ScreenKind } from '../runtimes/types.ts';
import type { Fact, PaneKey, StatusHint } from './facts.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';

/**
 * What an agent is doing. `starting`: seen, no evidence yet (never alerts). `unknown`: the screen is
 * not explained by any recogniser (alerts only once `needsLook`, see the state machine). `gone`:
 * terminal until the pane is seen again.
 */
export type AgentState = 'starting' | 'working' | 'permission' | 'dialog' | 'idle' | 'unknown' | 'gone';

/** Which evidence put the pane in its current state. */
export type StateSource = 'pane' | 'hook' | 'status' | 'transcript';

/** Why a pane is gone (mirrors the `pane-gone` fact). */
export type GoneReason = Extract<Fact, { kind: 'pane-gone' }>['reason'];

/** What a Claude PermissionRequest hook asked for, kept while the hook's claim stands. */
export interface HookRequest {
  readonly tool: string;
  readonly subject: string;
}

/** Everything the engine knows about one agent pane. Times are epoch ms. */
export interface PaneState {
  readonly pane: PaneKey;
  readonly runtime: RuntimeId;
  readonly target: string | null;
  readonly pid: number | null;
  readonly state: AgentState;
  /** When `state` began. */
  readonly since: number;
  readonly source: StateSource;
  /** The parsed prompt or dialog behind a `permission`/`dialog` state, when the pane showed it. */
  readonly prompt: PermissionPrompt | DialogScreen | null;
  /** `fingerprintOf(prompt)`; null without a parsed prompt (a hook-only permission). */
  readonly fingerprint: string | null;
  /** What the hook asked, while a hook's permission/dialog claim stands. */
  readonly hookRequest: HookRequest | null;
  /** Unknown because the screen stayed unexplained ≥ the threshold: fail visible, open an item. */
  readonly needsLook: boolean;
  /** The pane's last lines (as the observer sent them). */
  readonly tail: readonly string[];
  /** The latest screen the pane reported (stable or not), and when. */
  readonly screen: Screen | null;
  readonly screenAt: number | null;
  /** Whether `screen` counts as evidence (stable for ≥ 2 captures, or a working indicator). */
  readonly screenStable: boolean;
  /** When the pane last reported a screen that counts as evidence. */
  readonly lastStableAt: number | null;
  /** When a non-pane source last set the state; the pane may overrule it after the grace period. */
  readonly claimAt: number | null;
  readonly lastHookAt: number | null;
  readonly statusHint: StatusHint | null;
  readonly statusAt: number | null;
  readonly goneReason: GoneReason | null;
}

/** Tunables of the state machine. */
export interface StateMachineConfig {
  /** How long a hook/transcript claim stands against a pane that shows something else. */
  readonly graceMs: number;
  /**
   * How long a hook's permission/dialog claim stands against a pane that still shows the agent working:
   * Codex and Claude Code run their PermissionRequest hooks before they draw the prompt, for up to their
   * hook timeout. Past it, the pane wins as after the grace period.
   */
  readonly hookHoldMs: number;
  /** How long an unexplained screen must stay unchanged before it becomes "needs a look". */
  readonly unexplainedMs: number;
  /** Hook tools whose PermissionRequest is a question to the user, not a tool permission. */
  readonly dialogTools: readonly string[];
}

/**
 * Defaults: 2 s grace (hooks can be dropped; Esc fires no Stop); a hook's prompt waits 10 min for the
 * pane to draw it (Codex's default hook timeout, and Claude Code's); 30 s to "needs a look".
 */
export const DEFAULT_STATE_MACHINE_CONFIG: StateMachineConfig = {
  graceMs: 2_000,
  hookHoldMs: 600_000,
  unexplainedMs: 30_000,
  dialogTools: ['AskUserQuestion', 'ExitPlanMode'],
};

/** A pane just discovered: no evidence yet. */
export function initialPaneState(
  pane: PaneKey,
  runtime: RuntimeId,
  at: number,
  target: string | null = null,
  pid: number | null = null,
): PaneState {
  return {
    pane,
    runtime,
    target,
    pid,
    state: 'starting',
    since: at,
    source: 'pane',
    prompt: null,
    fingerprint: null,
    hookRequest: null,
    needsLook: false,
    tail: [],
    screen: null,
    screenAt: null,
    screenStable: false,
    lastStableAt: null,
    claimAt: null,
    lastHookAt: null,
    statusHint: null,
    statusAt: null,
    goneReason: null,
  };
}

/** The state a screen kind stands for. */
export function stateOfScreen(kind: ScreenKind): AgentState {
  switch (kind) {
    case 'permission':
      return 'permission';
    case 'dialog':
      return 'dialog';
    case 'idle':
      return 'idle';
    case 'working':
      return 'working';
    case 'unknown':
      return 'unknown';
    default:
      return assertNever(kind);
  }
}

/** The state a status-file hint stands for, when it names one. */
export function stateOfHint(hint: StatusHint): AgentState | null {
  switch (hint) {
    case 'idle':
      return 'idle';
    case 'busy':
      return 'working';
    case 'waiting-permission':
      return 'permission';
    case 'waiting-dialog':
    case 'waiting-input':
      return 'dialog';
    case 'waiting-other':
      return null;
    default:
      return assertNever(hint);
  }
}

/** Whether a state waits for a human at a prompt or dialog. */
export function isPromptState(state: AgentState): state is 'permission' | 'dialog' {
  return state === 'permission' || state === 'dialog';
}
