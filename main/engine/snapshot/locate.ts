/**
 * Finds a Claude Code session's transcript. Claude keeps it at
 * `<config dir>/projects/<project dir name>/<sessionId>.jsonl`, where the project dir name is the
 * cwd with every character that is not an ASCII letter or digit replaced by `-` — `/`, `.`, `_`,
 * spaces alike, runs not collapsed (`/home/dev/lab-claude/work/project` →
 * `-home-dev-lab-claude-work-project`, as in every hook capture). Very long names are cut by Claude
 * and given a hash suffix we do not reproduce: those are found by scanning for the session id.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Longest project dir name Claude uses uncut. */
const MAX_NAME = 200;

/** The directory name Claude gives a project (uncut form). */
export function projectDirName(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-');
}

/** Where a transcript comes from: the hook payload, the session (status file or id), or the newest in the project. */
export type TranscriptSource = 'hook' | 'session' | 'latest';

/** What is known about the session whose transcript is wanted. */
export interface LocateRequest {
  /** Claude's config dir (`claudeConfigDir({ env, homedir })`). */
  readonly configDir: string;
  /** `transcript_path` from a hook payload (or given by the user). */
  readonly transcriptPath?: string | null;
  readonly sessionId?: string | null;
  readonly cwd?: string | null;
}

/** A located transcript, or why none was found. */
export type Located = { readonly path: string; readonly source: TranscriptSource } | { readonly error: string };

const isFile = (p: string): boolean => {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
};

const dirs = (p: string): string[] => {
  try {
    return fs
      .readdirSync(p, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

/** The project directories that may hold `cwd`'s sessions: the exact name, or (cut names) the prefix + hash. */
function projectDirs(projects: string, cwd: string): string[] {
  const name = projectDirName(cwd);
  if (name.length <= MAX_NAME) return [path.join(projects, name)];
  const prefix = `${name.slice(0, MAX_NAME)}-`;
  return dirs(projects)
    .filter((d) => d.startsWith(prefix))
    .map((d) => path.join(projects, d));
}

function newestTranscript(dir: string): string | null {
  let best: { file: string; mtime: number } | null = null;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return null;
  }
  for (const n of names) {
    if (!n.endsWith('.jsonl')) continue;
    const file = path.join(dir, n);
    try {
      const st = fs.statSync(file);
      if (st.isFile() && (!best || st.mtimeMs > best.mtime)) best = { file, mtime: st.mtimeMs };
    } catch {
      // vanished meanwhile
    }
  }
  return best?.file ?? null;
}

/** Find the transcript: the given path, else the session's file, else the newest transcript of the cwd. */
export function locateTranscript(req: LocateRequest): Located {
  if (req.transcriptPath) {
    return isFile(req.transcriptPath) ? { path: req.transcriptPath, source: 'hook' } : { error: `no transcript at ${req.transcriptPath}` };
  }
  const projects = path.join(req.configDir, 'projects');
  if (req.sessionId) {
    if (!/^[A-Za-z0-9-]+$/.test(req.sessionId)) return { error: `not a session id: ${JSON.stringify(req.sessionId)}` };
    const file = `${req.sessionId}.jsonl`;
    const direct = req.cwd
      ? projectDirs(projects, req.cwd)
          .map((d) => path.join(d, file))
          .find(isFile)
      : undefined;
    if (direct) return { path: direct, source: 'session' };
    // The session may have started in another directory (the agent cd'ed): ids are unique, so scan.
    const scanned = dirs(projects)
      .map((d) => path.join(projects, d, file))
      .find(isFile);
    if (scanned) return { path: scanned, source: 'session' };
    return { error: `no transcript for session ${req.sessionId} under ${projects}` };
  }
  if (req.cwd) {
    const newest = projectDirs(projects, req.cwd)
      .map(newestTranscript)
      .find((f) => f !== null);
    if (newest) return { path: newest, source: 'latest' };
    return { error: `no transcript for ${req.cwd} under ${projects}` };
  }
  return { error: 'nothing to locate a transcript by (no path, session id or directory)' };
}
