/** The restart pipeline's collaborators, request and result, and its audit helper. */
import type { AuditRecord, Surface } from '../actions/types.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { Runner } from '../platform/run.ts';
import type { RuntimeId, RuntimeModule } from '../runtimes/types.ts';
import type { TmuxClient } from '../tmux/types.ts';
import type { AgentProcessOps } from './agent-process.ts';
import type { AgentSite } from './agent-site.ts';
import { localSite } from './agent-site.ts';
import type { SnapshotReason } from './types.ts';

/** Everything the pipeline touches, injected. */
export interface RestartDeps {
  /** The client of the server the pane lives on. */
  readonly tmux: TmuxClient;
  /** Runtime modules (the catalog): detection and screen classification. */
  readonly runtimes: readonly RuntimeModule[];
  /** This machine's processes (unused when `site` is given). */
  readonly processes: AgentProcessOps;
  readonly clock: Clock;
  /** Runs git for the snapshot's hints. */
  readonly runner: Runner;
  /** Receives every step and every key or text sent, before it is sent. */
  readonly audit: (record: AuditRecord) => void;
  /** Claude's config dir (claude/config-dir.ts): status files and transcripts. */
  readonly claudeConfigDir: string;
  readonly logger: Logger;
  /** Where the agent runs, when not on this machine (remote-site.ts): it replaces `processes`, `runner` and `claudeConfigDir`. */
  readonly site?: AgentSite;
}

/** The agent's site: `deps.site`, else this machine through `processes`, `runner` and `claudeConfigDir`. */
export function siteOf(deps: RestartDeps): AgentSite {
  return deps.site ?? localSite(deps);
}

/** `graceful` asks the agent to save its own snapshot first; `force` extracts it from the transcript at once. */
export type RestartMode = 'graceful' | 'force';

/** What to restart, and how. */
export interface RestartRequest {
  /** `%7`: the pane on `deps.tmux`'s server. */
  readonly paneId: string;
  readonly mode: RestartMode;
  /** Runtime of the new session (default: the same as now). */
  readonly runtime?: RuntimeId;
  /** Exact argv of the new session (default: derived from the old one, see relaunch-command.ts). */
  readonly command?: readonly string[];
  /** Snapshot name, `<project>/.trailboss/restart/<agent>.md` (default: the new runtime's id). */
  readonly agent?: string;
  readonly reason?: SnapshotReason;
  readonly surface: Surface;
  readonly maxLines?: number;
  /** How long the agent gets to save its own snapshot (restart.gracefulTimeoutMs, default 30 s). */
  readonly gracefulTimeoutMs?: number;
  /** How long the old agent gets to exit after SIGTERM before SIGKILL (default 10 s). */
  readonly stopTimeoutMs?: number;
  /** How long the new agent process may take to appear (default 30 s). */
  readonly startTimeoutMs?: number;
  /** How long the new agent may take to reach its input prompt for the briefing (default 60 s). */
  readonly readyTimeoutMs?: number;
  /** Claude's SessionStart hook runs `trailboss prime` (hooks install): it delivers the briefing itself. */
  readonly hookPrimes?: boolean;
  readonly pollMs?: number;
}

/** The steps, in order; a failure names the one it happened in. */
export type RestartStep = 'inspect' | 'snapshot' | 'stop' | 'start' | 'deliver';

/** How a restart ended. `refused`: nothing was changed, the old session runs on. */
export type RestartResult =
  | {
      readonly outcome: 'restarted';
      readonly message: string;
      readonly snapshotPath: string;
      readonly snapshotFrom: 'agent' | 'transcript';
      readonly delivery: 'hook' | 'typed';
      readonly oldPid: number;
      readonly newPid: number;
    }
  | { readonly outcome: 'refused'; readonly message: string }
  | { readonly outcome: 'failed'; readonly step: RestartStep; readonly message: string; readonly paneState: string };

/** Audits one step of a restart of `paneKey` (action `restart`; keys and text are audited by the typing action). */
export function stepAuditor(deps: RestartDeps, paneKey: string, surface: Surface) {
  return (step: RestartStep, runtime: string, payload: string, outcome: string): void =>
    deps.audit({ paneKey, runtime, action: 'restart', payload, reason: `restart: ${step}`, surface, itemId: null, outcome });
}

/** Defaults of the optional timings. */
export const RESTART_DEFAULTS = {
  gracefulTimeoutMs: 30_000,
  stopTimeoutMs: 10_000,
  startTimeoutMs: 30_000,
  readyTimeoutMs: 60_000,
  pollMs: 250,
} as const;
