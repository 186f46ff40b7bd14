/** Transcript → snapshot file: parse (streaming), cut to size, add git hints, write atomically. */
import { statSync } from 'node:fs';
import type { Clock } from '../platform/clock.ts';
import type { Runner } from '../platform/run.ts';
import { gitHints, type GitHints } from './git-hints.ts';
import { parseTranscriptFile, type ParsedTranscript, type ParseStats } from './parse-transcript.ts';
import { renderSnapshot } from './render.ts';
import { snapshotPath, writeSnapshot } from './snapshot-file.ts';
import { truncateConversation } from './truncate.ts';
import type { ContextUsage, SnapshotReason } from './types.ts';
import { DEFAULT_MAX_LINES } from './types.ts';

/** What to snapshot and where. */
export interface SaveFromTranscriptRequest {
  readonly transcriptPath: string;
  readonly agent: string;
  readonly reason: SnapshotReason;
  readonly maxLines?: number;
  /** Where the snapshot goes and whose git state is hinted; default: the cwd the transcript records. */
  readonly projectDir?: string | null;
  /** Shown in the header; default: the id the transcript records. */
  readonly sessionId?: string | null;
}

/** A written snapshot. */
export interface SavedSnapshot {
  readonly path: string;
  readonly text: string;
  readonly projectDir: string;
  readonly sessionId: string | null;
  readonly stats: ParseStats;
  readonly usage: ContextUsage | null;
  /** An agent's Resume Plan from the previous file was carried over. */
  readonly planKept: boolean;
}

/** True for an existing directory. */
export function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** Render a parsed transcript (pure). */
export function snapshotText(
  parsed: ParsedTranscript,
  opts: {
    agent: string;
    reason: SnapshotReason;
    savedAt: number;
    maxLines: number;
    hints: GitHints | null;
    sessionId?: string | null;
    host?: string | null;
  },
): string {
  return renderSnapshot({
    agent: opts.agent,
    sessionId: opts.sessionId ?? parsed.sessionId,
    savedAt: opts.savedAt,
    reason: opts.reason,
    conversation: truncateConversation(parsed, opts.maxLines),
    hints: opts.hints,
    host: opts.host ?? null,
  });
}

/** Extract a snapshot from a Claude transcript and save it under the project. */
export async function saveSnapshotFromTranscript(
  deps: { readonly clock: Clock; readonly runner: Runner },
  req: SaveFromTranscriptRequest,
): Promise<SavedSnapshot> {
  const maxLines = req.maxLines ?? DEFAULT_MAX_LINES;
  const parsed = await parseTranscriptFile(req.transcriptPath, maxLines);
  const projectDir = req.projectDir ?? parsed.cwd;
  if (!projectDir) throw new Error(`cannot tell the project directory of ${req.transcriptPath} (the transcript records no cwd): pass one`);
  // Only .trailboss/ is ours to create: a transcript from another machine names a cwd that is not here.
  if (!isDirectory(projectDir)) throw new Error(`the project directory ${projectDir} does not exist: pass the directory to save in`);
  return saveParsedSnapshot(deps, { ...req, parsed, projectDir, file: snapshotPath(projectDir, req.agent), maxLines });
}

/** A parsed transcript to save: `projectDir` is where git is asked (on the agent's host), `file` where the snapshot goes (here). */
export interface SaveParsedRequest {
  readonly parsed: ParsedTranscript;
  readonly projectDir: string;
  readonly file: string;
  readonly agent: string;
  readonly reason: SnapshotReason;
  readonly maxLines: number;
  readonly sessionId?: string | null;
  /** The host the agent runs on (named in the header); null for this machine. */
  readonly host?: string | null;
}

/** Add git hints (via `deps.runner`, wherever it runs git), render and write the snapshot. */
export async function saveParsedSnapshot(
  deps: { readonly clock: Clock; readonly runner: Runner },
  req: SaveParsedRequest,
): Promise<SavedSnapshot> {
  const { parsed, projectDir, file, maxLines } = req;
  const hints = await gitHints(deps.runner, projectDir);
  const sessionId = req.sessionId ?? parsed.sessionId;
  const text = snapshotText(parsed, {
    agent: req.agent,
    reason: req.reason,
    savedAt: deps.clock.now(),
    maxLines,
    hints,
    sessionId,
    host: req.host ?? null,
  });
  const { planKept } = writeSnapshot(file, text);
  return { path: file, text, projectDir, sessionId, stats: parsed.stats, usage: parsed.usage, planKept };
}
