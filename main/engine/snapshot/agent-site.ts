/**
 * Where an agent runs, as a restart sees it: its processes, Claude's status file and transcript,
 * git for the hints, and where its snapshot is kept. This machine reads them directly; a host
 * answers over ssh (remote-site.ts). The pipeline is the same for both.
 */
import path from 'node:path';
import { readStatusFile } from '../claude-signals/status-dir.ts';
import type { Logger } from '../platform/log.ts';
import type { Runner } from '../platform/run.ts';
import type { AgentProcessOps } from './agent-process.ts';
import type { Located } from './locate.ts';
import { locateTranscript } from './locate.ts';
import type { ParsedTranscript } from './parse-transcript.ts';
import { parseTranscriptFile } from './parse-transcript.ts';

/** What Claude's status file says about a session. */
export interface ClaudeSessionInfo {
  readonly sessionId: string | null;
  readonly cwd: string | null;
}

/** The side of a restart that depends on where the agent runs. */
export interface AgentSite {
  /** The configured host's name; null for this machine. */
  readonly host: string | null;
  readonly processes: AgentProcessOps;
  /** Claude's status file of `pid`, when there is one. */
  claudeSession(pid: number): Promise<ClaudeSessionInfo | null>;
  /** The transcript of the session (by id, else the newest of `cwd`), or why there is none. */
  locateTranscript(req: { readonly sessionId: string | null; readonly cwd: string }): Promise<Located>;
  /** Stream the transcript into what a snapshot shows (memory bounded by `maxLines`). */
  parseTranscript(file: string, maxLines: number): Promise<ParsedTranscript>;
  /** Runs git where the project is (the snapshot's branch, commits and changes). */
  readonly gitRunner: Runner;
  /**
   * The directory on this machine whose `.trailboss/restart/` holds the snapshots of `projectDir`:
   * the project itself here; for a host, a private copy per host and project (the briefing is typed,
   * so nothing needs to be on the host).
   */
  snapshotHome(projectDir: string): string;
  /**
   * Whether the agent may be asked to write its own snapshot: the file it writes must be one Trail
   * Boss reads, which holds only on this machine.
   */
  readonly agentWritesSnapshots: boolean;
}

/** This machine: /proc (or what `processes` is), Claude's config dir, git in the project. */
export function localSite(deps: {
  readonly processes: AgentProcessOps;
  readonly runner: Runner;
  readonly claudeConfigDir: string;
  readonly logger: Logger;
}): AgentSite {
  return {
    host: null,
    processes: deps.processes,
    claudeSession: async (pid) => readStatusFile(path.join(deps.claudeConfigDir, 'sessions'), pid, deps.logger),
    locateTranscript: async (req) => locateTranscript({ configDir: deps.claudeConfigDir, sessionId: req.sessionId, cwd: req.cwd }),
    parseTranscript: (file, maxLines) => parseTranscriptFile(file, maxLines),
    gitRunner: deps.runner,
    snapshotHome: (projectDir) => projectDir,
    agentWritesSnapshots: true,
  };
}
