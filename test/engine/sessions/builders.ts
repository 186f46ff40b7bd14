/** Test builders: screens and facts for one pane, with readable defaults. */
import type { DialogScreen, IdleScreen, PermissionPrompt, UnknownScreen, WorkingScreen } from '../../../main/engine/runtimes/types.ts';
import type { Fact, HookSignal, PaneKey, StatusHint } from '../../../main/engine/sessions/facts.ts';
import { initialPaneState, type PaneState } from '../../../main/engine/sessions/pane-state.ts';
import { reduce } from '../../../main/engine/sessions/state-machine.ts';

export const PANE: PaneKey = 'default|%3';

/** Claude's Bash prompt as in fixtures/panes/claude/perm-bash (four options, 3 = auto mode). */
export function bashPrompt(subject = 'rm -rf build', highlighted: number | null = 0): PermissionPrompt {
  return {
    kind: 'permission',
    runtime: 'claude',
    tool: 'Bash command',
    question: 'Do you want to proceed?',
    subject,
    options: [
      { key: '1', label: 'Yes', kind: 'once' },
      { key: '2', label: "Yes, and don't ask again for rm commands in /home/dev/lab-claude", kind: 'always' },
      { key: '3', label: 'Yes, and switch to auto mode', kind: 'always' },
      { key: '4', label: 'No', kind: 'deny' },
    ],
    highlighted,
    confidence: 'high',
    escapeDenies: true,
    approveByEnterOnHighlight: false,
  };
}

/** Claude's AskUserQuestion dialog (fixtures/panes/claude/ask-user-question). */
export function askDialog(question = 'Which color should the lab use?'): DialogScreen {
  return {
    kind: 'dialog',
    runtime: 'claude',
    dialogId: 'claude.ask-user-question',
    question,
    options: [
      { key: '1', label: 'Red', kind: 'other' },
      { key: '2', label: 'Blue', kind: 'other' },
    ],
    highlighted: 0,
  };
}

export const idle = (draft = ''): IdleScreen => ({ kind: 'idle', runtime: 'claude', draft });
export const working = (): WorkingScreen => ({ kind: 'working', runtime: 'claude', indicator: '· Seasoning… (2s · esc to interrupt)' });
export const unknownScreen = (): UnknownScreen => ({ kind: 'unknown', runtime: 'claude' });

type Screenish = PermissionPrompt | DialogScreen | IdleScreen | WorkingScreen | UnknownScreen;

/** Fact builders, all for PANE. */
export const f = {
  seen: (at: number, pid = 100): Fact => ({ kind: 'pane-seen', pane: PANE, at, runtime: 'claude', target: 'work:1.0', pid }),
  gone: (at: number, reason: 'pane-closed' | 'process-exited' = 'process-exited'): Fact => ({ kind: 'pane-gone', pane: PANE, at, reason }),
  screen: (at: number, screen: Screenish, stableCount = 2, tail: string[] = ['tail']): Fact => ({
    kind: 'screen',
    pane: PANE,
    at,
    screen,
    stableCount,
    tail,
  }),
  unexplained: (at: number, forMs = 30_000, tail: string[] = ['?? new prompt ??']): Fact => ({
    kind: 'unexplained',
    pane: PANE,
    at,
    forMs,
    tail,
  }),
  hook: (at: number, signal: HookSignal): Fact => ({ kind: 'hook', pane: PANE, at, sessionId: 's1', signal }),
  permissionHook: (at: number, tool = 'Bash', subject = 'rm -rf build'): Fact => f.hook(at, { kind: 'permission-request', tool, subject }),
  stopHook: (at: number): Fact => f.hook(at, { kind: 'stop', lastAssistantMessage: 'done' }),
  workingHook: (at: number): Fact => f.hook(at, { kind: 'working', event: 'PostToolUse' }),
  status: (at: number, hint: StatusHint): Fact => ({ kind: 'status-hint', pane: PANE, at, hint }),
  transcript: (at: number, last: 'tool-pending' | 'tool-answered' | 'turn-ended' | 'user-prompt'): Fact => ({
    kind: 'transcript',
    pane: PANE,
    at,
    last,
  }),
};

/** A fresh pane (seen at t=0, pid 100). */
export function fresh(): PaneState {
  return initialPaneState(PANE, 'claude', 0, 'work:1.0', 100);
}

/** Apply facts in order from a fresh pane (or `from`). */
export function run(facts: readonly Fact[], from: PaneState = fresh()): PaneState {
  return facts.reduce((s, fact) => reduce(s, fact).state, from);
}
