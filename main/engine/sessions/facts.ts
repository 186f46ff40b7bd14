/**
 * Facts: what observers report. Observers never decide state; the per-pane state machine turns
 * facts into state. A quiet pane is a fact ("unchanged for N ms"), never a verdict.
 */
import type { RuntimeId, Screen } from '../runtimes/types.ts';

/** Identifies one pane across servers: `<serverKey>|<paneId>` (e.g. `default|%3`, `S:/tmp/s|%0`). */
export type PaneKey = string;

/** Builds a PaneKey. */
export function paneKey(server: string, paneId: string): PaneKey {
  return `${server}|${paneId}`;
}

/** What an agent's own event channel (Claude Code and Codex hooks, the opencode plugin) told us, reduced to what the state machine needs. */
export type HookSignal =
  | { readonly kind: 'permission-request'; readonly tool: string; readonly subject: string }
  | { readonly kind: 'stop'; readonly lastAssistantMessage: string | null }
  | {
      readonly kind: 'working';
      /** Claude/Codex hook names; opencode's reply to a permission and its `session.status` busy. */
      readonly event:
        'UserPromptSubmit' | 'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure' | 'PostToolBatch' | 'PermissionReplied' | 'SessionBusy';
    }
  | { readonly kind: 'notification'; readonly notificationType: string; readonly message: string }
  | { readonly kind: 'session-start'; readonly source: string | null }
  | { readonly kind: 'session-end'; readonly reason: string | null };

/** Claude's `~/.claude/sessions/<pid>.json` status, a hint only (undocumented, changes between versions). */
export type StatusHint = 'idle' | 'busy' | 'waiting-permission' | 'waiting-input' | 'waiting-dialog' | 'waiting-other';

export type Fact =
  /** A pane running a known agent was found (or re-found). */
  | {
      readonly kind: 'pane-seen';
      readonly pane: PaneKey;
      readonly at: number;
      readonly runtime: RuntimeId;
      readonly target: string;
      readonly pid: number;
    }
  /** The pane's screen classified the same way for `stableCount` consecutive captures (≥ 2 makes it a fact). */
  | {
      readonly kind: 'screen';
      readonly pane: PaneKey;
      readonly at: number;
      readonly screen: Screen;
      readonly stableCount: number;
      readonly tail: readonly string[];
    }
  /** The screen has not changed for `forMs` and no recogniser explains it (no working indicator either). */
  | { readonly kind: 'unexplained'; readonly pane: PaneKey; readonly at: number; readonly forMs: number; readonly tail: readonly string[] }
  /** The pane (or its agent process, or the whole server) went away. */
  | {
      readonly kind: 'pane-gone';
      readonly pane: PaneKey;
      readonly at: number;
      readonly reason: 'pane-closed' | 'process-exited' | 'server-gone' | 'session-end';
    }
  /** A hook or plugin event (Claude Code, Codex, opencode) arrived for the session in this pane. */
  | { readonly kind: 'hook'; readonly pane: PaneKey; readonly at: number; readonly sessionId: string; readonly signal: HookSignal }
  /** The status file changed. */
  | { readonly kind: 'status-hint'; readonly pane: PaneKey; readonly at: number; readonly hint: StatusHint }
  /** The transcript says the last tool call was answered (approved/denied in the pane) or the turn ended. */
  | {
      readonly kind: 'transcript';
      readonly pane: PaneKey;
      readonly at: number;
      readonly last: 'tool-pending' | 'tool-answered' | 'turn-ended' | 'user-prompt';
    };

export type FactKind = Fact['kind'];
