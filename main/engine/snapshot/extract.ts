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

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** Render a parsed transcript (pure). */
export function snapshotText(
  parsed: ParsedTranscript,
  opts: { agent: string; reason: SnapshotReason; savedAt: number; maxLines: number; hints: GitHints | null; sessionId?: string | null },
): string {
  return renderSnapshot({
    agent: opts.agent,
    sessionId: opts.sessionId ?? parsed.sessionId,
    savedAt: opts.savedAt,
    reason: opts.reason,
    conversation: truncateConversation(parsed, opts.maxLines),
    hints: opts.hints,
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
  const path = snapshotPath(projectDir, req.agent);
  const hints = await gitHints(deps.runner, projectDir);
  const sessionId = req.sessionId ?? parsed.sessionId;
  const text = snapshotText(parsed, { agent: req.agent, reason: req.reason, savedAt: deps.clock.now(), maxLines, hints, sessionId });
  const { planKept } = writeSnapshot(path, text);
  return { path, text, projectDir, sessionId, stats: parsed.stats, usage: parsed.usage, planKept };
}
