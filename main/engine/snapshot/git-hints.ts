/**
 * Where the work stands on disk, for the resumed agent: recent commits and uncommitted changes of
 * the project. Outside a repository (or without git) there are no hints, and no error.
 */
import type { Runner } from '../platform/run.ts';

/** Recent history and working-tree state of a repository. */
export interface GitHints {
  /**
   * The branch line of `git status --short --branch` without its `## `: `main`, `main...origin/main
   * [ahead 2]`, `HEAD (no branch)` on a detached head, `No commits yet on main`; null if unreadable.
   */
  readonly branch: string | null;
  /** `git log --oneline` lines, newest first. */
  readonly log: readonly string[];
  /** `git status --short` lines, at most `maxStatus`. */
  readonly status: readonly string[];
  /** Status lines left out beyond `maxStatus`. */
  readonly statusOmitted: number;
}

/** Options of gitHints. */
export interface GitHintsOptions {
  readonly logCount?: number;
  readonly maxStatus?: number;
  readonly timeoutMs?: number;
}

const lines = (out: string): string[] => out.split('\n').filter((l) => l.trim() !== '');

/** The hints for `cwd`, or null when it is not inside a git work tree (or git cannot run). */
export async function gitHints(runner: Runner, cwd: string, opts: GitHintsOptions = {}): Promise<GitHints | null> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  // Read-only: never take the index lock in the user's repository while an agent works in it.
  const env = { GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
  const git = (args: readonly string[]) => runner.run('git', ['-C', cwd, ...args], { env, timeoutMs });
  try {
    const inside = await git(['rev-parse', '--is-inside-work-tree']);
    if (inside.exitCode !== 0 || inside.stdout.trim() !== 'true') return null;
    // A repository without commits fails `log`: that is an empty history, not an error.
    const log = await git(['log', '--oneline', '--no-color', '--no-decorate', '-n', String(opts.logCount ?? 10)]);
    // --branch: a resumed agent must know which branch it was on, not only what changed.
    const status = await git(['status', '--short', '--branch']);
    const [first, ...rest] = status.exitCode === 0 ? lines(status.stdout) : [];
    const branch = first?.startsWith('## ') ? first.slice(3) : null;
    const all = branch === null && first !== undefined ? [first, ...rest] : rest;
    const max = opts.maxStatus ?? 30;
    return {
      branch,
      log: log.exitCode === 0 ? lines(log.stdout) : [],
      status: all.slice(0, max),
      statusOmitted: Math.max(0, all.length - max),
    };
  } catch {
    return null;
  }
}
