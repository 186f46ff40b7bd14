/**
 * `trailboss snapshot save|restore|check`: conversation snapshots of Claude Code sessions.
 *   save [--reason R] [--pane P] [--agent NAME] [--cwd DIR] [--transcript FILE] [--max-lines N] [--tmux-socket PATH]...
 *   restore [--agent NAME] [--cwd DIR]   print the snapshot and delete it (exit 1 when there is none)
 *   check [--agent NAME] [--cwd DIR]     exit 0 when there is one, 1 when not; prints nothing
 *   list [--cwd DIR] [--json]            the project's snapshots and those kept for agents on hosts (HOST column)
 * `save` without --pane/--transcript finds the Claude session it runs under (an agent calling it from
 * its shell tool), else the pane in $TMUX_PANE, else the newest transcript of the directory.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { claudeConfigDir } from '../../engine/claude-signals/config-dir.ts';
import { readStatusFile } from '../../engine/claude-signals/status-dir.ts';
import { loadConfig } from '../../engine/config/load.ts';
import { silentLogger } from '../../engine/platform/log.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import type { Runner, Spawner } from '../../engine/platform/run.ts';
import { realRunner } from '../../engine/platform/run.ts';
import { runnerWithEnv } from '../../engine/platform/runner-with-env.ts';
import { RUNTIMES } from '../../engine/runtimes/catalog.ts';
import type { AgentProcesses } from '../../engine/snapshot/agent-process.ts';
import { procAgentProcesses } from '../../engine/snapshot/agent-process.ts';
import { agentNameFor, claudeAncestor, projectWithSnapshots } from '../../engine/snapshot/cli-support.ts';
import { saveSnapshotFromTranscript } from '../../engine/snapshot/extract.ts';
import { locateTranscript } from '../../engine/snapshot/locate.ts';
import { agentPanes, resolvePaneRef } from '../../engine/snapshot/pane-target.ts';
import { isAgentName, snapshotPath, takeSnapshot } from '../../engine/snapshot/snapshot-file.ts';
import { isSnapshotReason, SNAPSHOT_REASONS } from '../../engine/snapshot/types.ts';
import { listAllSnapshots, remoteSnapshotsDir, type SnapshotEntry } from '../../engine/snapshot/snapshot-index.ts';
import { openTmuxClient } from '../../engine/tmux/open.ts';
import type { TmuxServer } from '../../engine/tmux/types.ts';
import { UsageError, parseCommandLine, read, type Parsed } from '../program.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { serversFor } from '../servers.ts';

/** What the snapshot commands reach beyond the CLI context (injected in tests). */
export interface SnapshotCommandDeps {
  readonly runner: Runner & Spawner;
  readonly processes: AgentProcesses;
  /** This process's pid: `save` run from an agent's shell finds the Claude session above it. */
  readonly selfPid: number;
}

/**
 * The real collaborators. Children (tmux, git) see the CLI's injected PATH and HOME: tmux hands the
 * PATH of the client that runs respawn-pane to the new agent, so it finds the same `claude`.
 */
export function realSnapshotDeps(ctx: CliContext): SnapshotCommandDeps {
  const env = { PATH: ctx.env['PATH'], HOME: ctx.env['HOME'], TMUX_TMPDIR: ctx.env['TMUX_TMPDIR'], TMUX: undefined, TMUX_PANE: undefined };
  return { runner: runnerWithEnv(realRunner, env), processes: procAgentProcesses(), selfPid: process.pid };
}

/** Restart settings from the config file (defaults when it is absent or broken: a snapshot must not fail on that). */
export function restartSettings(ctx: CliContext): { maxLines: number; gracefulTimeoutMs: number; sockets: string[] } {
  const loaded = loadConfig(resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd }).config);
  if (!loaded.ok) {
    ctx.stderr(
      `trailboss: config has problems (${loaded.errors.map((e) => `${e.path || '(file)'}: ${e.message}`).join('; ')}); using defaults\n`,
    );
    return { maxLines: 200, gracefulTimeoutMs: 30_000, sockets: [] };
  }
  return {
    maxLines: loaded.config.restart.maxLines,
    gracefulTimeoutMs: loaded.config.restart.gracefulTimeoutMs,
    sockets: [...loaded.config.tmux.sockets],
  };
}

/** `trailboss snapshot save|restore|check`; exit 0 done, 1 nothing there / refused, 2 usage (UsageError). */
export async function snapshotCommand(ctx: CliContext, deps: SnapshotCommandDeps = realSnapshotDeps(ctx)): Promise<number> {
  const [sub, ...rest] = ctx.argv;
  switch (sub) {
    case 'save':
      return save(ctx, deps, parseCommandLine('snapshot save', rest));
    case 'restore':
    case 'check': {
      const args = parseCommandLine(`snapshot ${sub}`, rest);
      const file = snapshotFileFor(ctx, args, true);
      if (sub === 'check') return file !== null && isFile(file) ? EXIT.ok : EXIT.refused;
      const text = file === null ? null : takeSnapshot(file);
      if (text === null) {
        ctx.stderr(`trailboss: no snapshot${file ? ` at ${file}` : ''}\n`);
        return EXIT.refused;
      }
      ctx.stdout(text);
      return EXIT.ok;
    }
    case 'list': {
      const args = parseCommandLine('snapshot list', rest);
      const cwdFlag = read.string(args, 'cwd');
      const project = cwdFlag ? path.resolve(ctx.cwd, cwdFlag) : projectWithSnapshots(ctx.cwd);
      const home = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd }).home;
      const found = listAllSnapshots(project, remoteSnapshotsDir(home));
      ctx.stdout(read.bool(args, 'json') ? `${JSON.stringify({ snapshots: found }, null, 2)}\n` : formatSnapshotList(found));
      return EXIT.ok;
    }
    default:
      throw new UsageError('usage: trailboss snapshot save|restore|check|list [options]');
  }
}

/** The snapshot file `restore`/`check`/`prime` mean, or null for an unusable agent name. */
export function snapshotFileFor(ctx: CliContext, args: Parsed, anyOne: boolean): string | null {
  const cwdFlag = read.string(args, 'cwd');
  const dir = cwdFlag ? path.resolve(ctx.cwd, cwdFlag) : projectWithSnapshots(ctx.cwd);
  const name = agentNameFor({ flag: read.string(args, 'agent'), env: ctx.env, projectDir: dir, anyOne });
  return isAgentName(name) ? snapshotPath(dir, name) : null;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

async function save(ctx: CliContext, deps: SnapshotCommandDeps, args: Parsed): Promise<number> {
  const reason = read.string(args, 'reason') ?? 'self-initiated';
  if (!isSnapshotReason(reason)) throw new UsageError(`--reason must be one of ${SNAPSHOT_REASONS.join(', ')}`);
  const agent = read.string(args, 'agent') ?? 'claude';
  if (!isAgentName(agent)) throw new UsageError(`--agent must be a plain name (letters, digits, . _ -), got ${JSON.stringify(agent)}`);
  const settings = restartSettings(ctx);
  const maxLinesFlag = read.string(args, 'maxLines');
  const maxLines = maxLinesFlag === undefined ? settings.maxLines : Number(maxLinesFlag);
  if (!Number.isInteger(maxLines) || maxLines < 10) throw new UsageError('--max-lines must be a whole number of at least 10');
  const configDir = claudeConfigDir({ env: ctx.env, homedir: ctx.homedir });
  const cwdFlag = read.string(args, 'cwd');
  const cwd = cwdFlag ? path.resolve(ctx.cwd, cwdFlag) : null;
  const transcript = read.string(args, 'transcript');

  let status: { sessionId: string | null; cwd: string | null } | null = null;
  if (!transcript) {
    const pid = await claudePid(ctx, deps, read.string(args, 'pane'), read.list(args, 'tmuxSocket'));
    if (typeof pid === 'string') {
      ctx.stderr(`trailboss: ${pid}\n`);
      return EXIT.refused;
    }
    if (pid !== null) status = readStatusFile(path.join(configDir, 'sessions'), pid, silentLogger);
  }
  const lookupCwd = status?.cwd ?? cwd ?? ctx.cwd;
  const located = locateTranscript({
    configDir,
    transcriptPath: transcript ? path.resolve(ctx.cwd, transcript) : null,
    sessionId: status?.sessionId ?? null,
    cwd: lookupCwd,
  });
  if ('error' in located) {
    ctx.stderr(`trailboss: ${located.error}\n`);
    return EXIT.refused;
  }
  const saved = await saveSnapshotFromTranscript(
    { clock: ctx.clock, runner: deps.runner },
    // A transcript found by directory belongs to that directory; a given one says its own cwd.
    {
      transcriptPath: located.path,
      agent,
      reason,
      maxLines,
      projectDir: cwd ?? status?.cwd ?? (located.source === 'latest' ? lookupCwd : null),
      sessionId: status?.sessionId ?? null,
    },
  );
  const s = saved.stats;
  ctx.stdout(
    `saved ${saved.path} (${s.prompts} prompts, ${s.replies} answers from ${located.path}${s.malformed ? `; ${s.malformed} broken lines skipped` : ''}${saved.planKept ? '; Resume Plan kept' : ''})\n`,
  );
  return EXIT.ok;
}

/**
 * The Claude process to snapshot: the one in `--pane`, else the one this CLI runs under, else the one
 * in $TMUX_PANE; null when none is known (the directory's newest transcript is used); a string is an error.
 */
async function claudePid(
  ctx: CliContext,
  deps: SnapshotCommandDeps,
  pane: string | undefined,
  sockets: readonly string[],
): Promise<number | null | string> {
  if (!pane) {
    const above = claudeAncestor(deps.processes.table(), deps.selfPid);
    if (above !== null) return above;
    const own = ctx.env['TMUX_PANE'];
    if (!own) return null;
    // $TMUX is "<socket>,<server pid>,<session>": the server this shell's pane lives on.
    const socket = ctx.env['TMUX']?.split(',')[0];
    const found = await claudeInPane(deps, own, socket ? [{ kind: 'socket', path: socket }] : serversFor([]));
    return typeof found === 'number' ? found : null;
  }
  return claudeInPane(deps, pane, serversFor(sockets));
}

async function claudeInPane(deps: SnapshotCommandDeps, ref: string, servers: readonly TmuxServer[]): Promise<number | string> {
  let lastError = `no pane ${ref}`;
  for (const server of servers) {
    const client = await openTmuxClient(server, deps.runner, { mode: 'batch', logger: silentLogger });
    try {
      const agents = agentPanes(await client.listPanes(), RUNTIMES, deps.processes.table());
      const resolved = resolvePaneRef(ref, agents);
      if ('error' in resolved) {
        lastError = resolved.error;
        continue;
      }
      const hit = agents.find((a) => a.pane.paneId === resolved.paneId);
      if (!hit) {
        lastError = `no known agent runs in pane ${resolved.paneId}`;
        continue;
      }
      if (hit.agent.runtime !== 'claude')
        return `snapshot save reads Claude Code transcripts; pane ${hit.pane.paneId} runs ${hit.agent.runtime}`;
      return hit.agent.pid;
    } finally {
      await client.close();
    }
  }
  return lastError;
}

/** `HOST  AGENT  SAVED  FILE`, one line per snapshot (`-` for this machine); a line saying none when empty. */
export function formatSnapshotList(found: readonly SnapshotEntry[]): string {
  if (found.length === 0) return 'No snapshots.\n';
  const rows = [
    ['HOST', 'AGENT', 'SAVED', 'FILE'],
    ...found.map((s) => [s.host ?? '-', s.agent, new Date(s.savedAt).toISOString(), s.path]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ')).join('\n') + '\n';
}
