/**
 * What the snapshot CLI commands decide without side effects: which snapshot a command means,
 * whether Claude's settings run `trailboss prime`, which Claude process the CLI runs under.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ProcessEntry } from '../platform/process-table.ts';
import { matchesClaudeProcess } from '../runtimes/claude/process-match.ts';
import { AGENT_ENV } from './restart-start.ts';
import { listSnapshots, snapshotDir } from './snapshot-file.ts';

/** The comment that marks the SessionStart hook entry running `trailboss prime` (hooks/install.ts). */
export const PRIME_HOOK_MARKER = '# trailboss:prime';

/** True when Claude's settings text has a SessionStart hook command carrying the prime marker. */
export function primeHookInstalled(settingsText: string | null): boolean {
  if (!settingsText) return false;
  try {
    const settings = JSON.parse(settingsText) as { hooks?: { SessionStart?: { hooks?: { command?: unknown }[] }[] } };
    const groups = settings.hooks?.SessionStart;
    return (
      Array.isArray(groups) &&
      groups.some(
        (g) => Array.isArray(g?.hooks) && g.hooks.some((h) => typeof h?.command === 'string' && h.command.includes(PRIME_HOOK_MARKER)),
      )
    );
  } catch {
    return false;
  }
}

/** The nearest directory from `start` upwards that holds snapshots, else `start` (an agent may have cd'ed into a subdirectory). */
export function projectWithSnapshots(start: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (fs.existsSync(snapshotDir(dir))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(start);
  }
}

/**
 * The snapshot a command means: `--agent`, else the `TRAILBOSS_AGENT` a restart gave the session,
 * else (`anyOne`: restore/check) the only snapshot in the project, else `claude`.
 */
export function agentNameFor(opts: {
  flag?: string;
  env: Readonly<Record<string, string | undefined>>;
  projectDir: string;
  anyOne: boolean;
}): string {
  if (opts.flag) return opts.flag;
  const fromEnv = opts.env[AGENT_ENV]?.trim();
  if (fromEnv) return fromEnv;
  if (opts.anyOne) {
    const names = listSnapshots(opts.projectDir);
    if (names.length === 1) return names[0]!;
  }
  return 'claude';
}

/** The nearest Claude Code process above `pid` (the CLI run from an agent's shell tool), or null. */
export function claudeAncestor(table: Map<number, ProcessEntry>, pid: number): number | null {
  const seen = new Set<number>();
  for (let p = table.get(pid); p && !seen.has(p.pid); p = table.get(p.ppid)) {
    seen.add(p.pid);
    if (p.pid !== pid && matchesClaudeProcess(p.comm, p.argv)) return p.pid;
  }
  return null;
}
