/**
 * Where the work stands on disk, for the resumed agent: recent commits and uncommitted changes of
 * the project. Outside a repository (or without git) there are no hints, and no error.
 */
import type { Runner } from '../platform/run.ts';

/** Recent history and working-tree state of a repository. */
export interface GitHints {
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
    const status = await git(['status', '--short']);
    const all = status.exitCode === 0 ? lines(status.stdout) : [];
    const max = opts.maxStatus ?? 30;
    return { log: log.exitCode === 0 ? lines(log.stdout) : [], status: all.slice(0, max), statusOmitted: Math.max(0, all.length - max) };
  } catch {
    return null;
  }
}
