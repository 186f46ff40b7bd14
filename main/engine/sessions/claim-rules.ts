/** State-machine rules for facts from outside the pane: Claude hooks, the status file, the transcript. */
import type { Fact } from './facts.ts';
import type { AgentState, HookRequest, PaneState, StateMachineConfig, StateSource } from './pane-state.ts';
import { isPromptState } from './pane-state.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';
import { enter, paneEvidence, paneHoldsPrompt, paneOverrules, takePane } from './transition.ts';

type FactOf<K extends Fact['kind']> = Extract<Fact, { kind: K }>;

/**
 * A claim from a non-pane source. A prompt the pane shows stably is never talked away; when the
 * pane already shows the claimed state, the pane's evidence (with its parsed prompt) is taken.
 */
function claim(s: PaneState, state: AgentState, at: number, source: StateSource, hookRequest: HookRequest | null = null): PaneState {
  if (paneHoldsPrompt(s)) return s;
  if (paneEvidence(s) === state) return takePane(s, at);
  return enter(s, state, at, { source, hookRequest });
}

/**
 * R15–R22: Claude hooks. Out-of-order deliveries (older than the last hook) are dropped. A
 * PermissionRequest means "blocked" at once (the pane parse adds the option keys when it catches
 * up); AskUserQuestion/ExitPlanMode ask the user a question, so they mean `dialog`.
 */
export function applyHook(s: PaneState, f: FactOf<'hook'>, cfg: StateMachineConfig): PaneState {
  if (s.lastHookAt !== null && f.at < s.lastHookAt) return s;
  const heard: PaneState = { ...s, lastHookAt: f.at };
  const signal = f.signal;
  switch (signal.kind) {
    case 'permission-request': {
      const state = cfg.dialogTools.includes(signal.tool) ? 'dialog' : 'permission';
      return claim(heard, state, f.at, 'hook', { tool: signal.tool, subject: signal.subject });
    }
    case 'stop':
      return claim(heard, 'idle', f.at, 'hook');
    case 'working':
      return claim(heard, 'working', f.at, 'hook');
    case 'notification':
    case 'session-start':
    case 'session-end':
      // Liveness comes from pane-gone facts: `/clear` ends a session while the process lives on.
      return heard;
    default:
      return assertNever(signal);
  }
}

/** R23/R24: the status file is a hint. It never moves the state alone; it lets the pane win a dispute early. */
export function applyStatus(s: PaneState, f: FactOf<'status-hint'>, cfg: StateMachineConfig): PaneState {
  const hinted: PaneState = { ...s, statusHint: f.hint, statusAt: f.at };
  return paneOverrules(hinted, f.at, cfg) ? takePane(hinted, f.at) : hinted;
}

/**
 * R25–R29: the transcript lags behind hooks, so it is ignored right after a hook. It can end a
 * claimed wait or a turn, never create a permission (a pending tool may be auto-approved).
 */
export function applyTranscript(s: PaneState, f: FactOf<'transcript'>, cfg: StateMachineConfig): PaneState {
  if (s.lastHookAt !== null && f.at - s.lastHookAt < cfg.graceMs) return s;
  switch (f.last) {
    case 'tool-answered':
      return isPromptState(s.state) && s.source !== 'pane' ? enter(s, 'working', f.at, { source: 'transcript' }) : s;
    case 'turn-ended':
      return claim(s, 'idle', f.at, 'transcript');
    case 'user-prompt':
      return claim(s, 'working', f.at, 'transcript');
    case 'tool-pending':
      return s;
    default:
      return assertNever(f.last);
  }
}
