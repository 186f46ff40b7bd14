/**
 * Snapshot files: `<project>/.trailboss/restart/<agent>.md`. Writes are atomic (platform/atomic-write) and keep
 * a `## Resume Plan` an agent appended as the last section. Reading for delivery claims the file by
 * renaming it first, so two readers racing (a SessionStart hook and the restart pipeline) deliver it once.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../platform/atomic-write.ts';
import { END_MARKER } from './format.ts';

/** Snapshots hold conversation text: private to the user. */
const PRIVATE = { mode: 0o600 } as const;

const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** True for a usable agent name (it becomes a file name). */
export function isAgentName(name: string): boolean {
  return AGENT_NAME.test(name) && !name.includes('..');
}

/** The directory of a project's snapshots. */
export function snapshotDir(projectDir: string): string {
  return path.join(projectDir, '.trailboss', 'restart');
}

/** Where the snapshot of `agent` in `projectDir` lives. Throws for a name that is not a plain file name. */
export function snapshotPath(projectDir: string, agent: string): string {
  if (!isAgentName(agent)) throw new Error(`not a valid agent name: ${JSON.stringify(agent)} (letters, digits, . _ -)`);
  return path.join(snapshotDir(projectDir), `${agent}.md`);
}

const PLAN = /^##\s+Resume Plan\b/i;

/**
 * The `## Resume Plan` section of a snapshot (heading to end of file), or null. After our end marker
 * only what an agent appended counts; in a file without the marker (an agent wrote it all), the last one.
 */
export function resumePlanOf(text: string): string | null {
  const lines = text.split('\n');
  const end = lines.lastIndexOf(END_MARKER);
  let at = -1;
  if (end >= 0) {
    at = lines.findIndex((l, i) => i > end && PLAN.test(l));
  } else {
    for (let i = lines.length - 1; i >= 0 && at < 0; i--) if (PLAN.test(lines[i]!)) at = i;
  }
  return at < 0 ? null : lines.slice(at).join('\n').trimEnd();
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Write a snapshot; an existing file's Resume Plan is carried over as the last section. */
export function writeSnapshot(file: string, text: string): { readonly planKept: boolean } {
  const plan = resumePlanOf(readIfExists(file) ?? '');
  const keep = plan !== null && resumePlanOf(text) === null;
  // Snapshots are conversation text: keep them out of the project's git status and commits.
  const ignore = path.join(path.dirname(file), '..', '.gitignore');
  if (!fs.existsSync(ignore)) writeFileAtomic(ignore, '*\n', PRIVATE);
  writeFileAtomic(file, keep ? `${text.trimEnd()}\n\n${plan}\n` : text, PRIVATE);
  return { planKept: keep };
}

/** The snapshot's text, or null when there is none. */
export function readSnapshot(file: string): string | null {
  return readIfExists(file);
}

/** A claimed snapshot: its text, and either `commit` (delete it) or `release` (put it back). */
export interface ClaimedSnapshot {
  readonly text: string;
  commit(): void;
  release(): void;
}

/** Take the snapshot for delivery, or null when none is there (or someone else claimed it first). */
export function claimSnapshot(file: string): ClaimedSnapshot | null {
  const claimed = `${file}.claimed-${randomBytes(6).toString('hex')}`;
  try {
    fs.renameSync(file, claimed);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let text: string;
  try {
    text = fs.readFileSync(claimed, 'utf8');
  } catch (err) {
    fs.renameSync(claimed, file);
    throw err;
  }
  return {
    text,
    commit: () => fs.rmSync(claimed, { force: true }),
    release: () => fs.renameSync(claimed, file),
  };
}

/** Read and delete the snapshot at once (exactly once across concurrent callers), or null. */
export function takeSnapshot(file: string): string | null {
  const claim = claimSnapshot(file);
  if (!claim) return null;
  claim.commit();
  return claim.text;
}

/** Agent names with a snapshot in `projectDir`, sorted. */
export function listSnapshots(projectDir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(snapshotDir(projectDir));
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.md'))
    .map((n) => n.slice(0, -3))
    .filter(isAgentName)
    .sort();
}

/** Identity of the file's current version (changes on every rewrite), or null when absent. */
export function fileStamp(file: string): string | null {
  try {
    const st = fs.statSync(file);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return null;
  }
}
