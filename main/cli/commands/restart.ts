/**
 * `trailboss restart <pane|agent> [--force] [--runtime R] [--agent NAME] [--reason R] [--tmux-socket PATH]...`:
 * snapshot the agent's conversation, restart it in its pane (optionally as another runtime), and hand
 * the new session its snapshot once. Runs the pipeline in this process; every step goes to the audit
 * log in the Trail Boss database. Exit 0 restarted, 1 refused or failed (with the pane's state).
 */
import { claudeConfigDir, claudeSettingsFile } from '../../engine/claude-signals/config-dir.ts';
import { silentLogger } from '../../engine/platform/log.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { RUNTIMES } from '../../engine/runtimes/catalog.ts';
import { RUNTIME_IDS, type RuntimeId } from '../../engine/runtimes/types.ts';
import { primeHookInstalled } from '../../engine/snapshot/cli-support.ts';
import { agentPanes, resolvePaneRef } from '../../engine/snapshot/pane-target.ts';
import { restartAgent } from '../../engine/snapshot/restart.ts';
import { isAgentName } from '../../engine/snapshot/snapshot-file.ts';
import { isSnapshotReason, SNAPSHOT_REASONS } from '../../engine/snapshot/types.ts';
import { openStore } from '../../engine/store/index.ts';
import { openTmuxClient } from '../../engine/tmux/open.ts';
import type { TmuxClient } from '../../engine/tmux/types.ts';
import { UsageError, parseCommandLine, read } from '../program.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { serversFor } from '../servers.ts';
import type { SnapshotCommandDeps } from './snapshot.ts';
import { realSnapshotDeps, restartSettings } from './snapshot.ts';
import { readTextOrNull } from '../../engine/platform/read-text.ts';

const isRuntimeId = (v: string): v is RuntimeId => (RUNTIME_IDS as readonly string[]).includes(v);

/** `trailboss restart <pane|agent>`: exit 0 restarted, 1 refused or failed, 2 usage (UsageError). */
export async function restartCommand(ctx: CliContext, deps: SnapshotCommandDeps = realSnapshotDeps(ctx)): Promise<number> {
  const args = parseCommandLine('restart', ctx.argv);
  const ref = read.arg(args, 0);
  if (!ref) throw new UsageError('usage: trailboss restart <pane|agent> [--force] [--runtime R] [--agent NAME] [--reason R]');
  const runtime = read.string(args, 'runtime');
  if (runtime !== undefined && !isRuntimeId(runtime)) throw new UsageError(`--runtime must be one of ${RUNTIME_IDS.join(', ')}`);
  const reason = read.string(args, 'reason') ?? 'external';
  if (!isSnapshotReason(reason)) throw new UsageError(`--reason must be one of ${SNAPSHOT_REASONS.join(', ')}`);
  const agent = read.string(args, 'agent');
  if (agent !== undefined && !isAgentName(agent)) throw new UsageError(`--agent must be a plain name (letters, digits, . _ -)`);
  const settings = restartSettings(ctx);
  const found = await findPane(deps, ref, serversFor(read.list(args, 'tmuxSocket'), settings.sockets));
  if ('error' in found) {
    ctx.stderr(`trailboss: ${found.error}\n`);
    return EXIT.refused;
  }
  const paths = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  // Every key must be in the audit log: without the database, nothing is sent.
  const store = openStore(paths.database, { clock: ctx.clock, logger: silentLogger, integrityCheck: false });
  try {
    const claude = { env: ctx.env, homedir: ctx.homedir };
    const result = await restartAgent(
      {
        tmux: found.client,
        runtimes: RUNTIMES,
        processes: deps.processes,
        clock: ctx.clock,
        runner: deps.runner,
        audit: (r) =>
          store.audit.append({
            paneKey: r.paneKey,
            runtime: isRuntimeId(r.runtime) ? r.runtime : null,
            action: r.action,
            payload: r.payload,
            reason: r.reason,
            surface: r.surface,
            itemId: r.itemId,
            outcome: r.outcome,
          }),
        claudeConfigDir: claudeConfigDir(claude),
        logger: silentLogger,
      },
      {
        paneId: found.paneId,
        mode: read.bool(args, 'force') ? 'force' : 'graceful',
        ...(runtime ? { runtime } : {}),
        ...(agent ? { agent } : {}),
        reason,
        surface: 'cli',
        maxLines: settings.maxLines,
        gracefulTimeoutMs: settings.gracefulTimeoutMs,
        hookPrimes: primeHookInstalled(readTextOrNull(claudeSettingsFile(claude))),
      },
    );
    switch (result.outcome) {
      case 'restarted':
        ctx.stdout(`${result.message}\n`);
        return EXIT.ok;
      case 'refused':
        ctx.stderr(`trailboss: ${result.message}\n`);
        return EXIT.refused;
      case 'failed':
        ctx.stderr(`trailboss: restart failed at ${result.step}: ${result.message}\n  now: ${result.paneState}\n`);
        return EXIT.refused;
    }
  } finally {
    store.close();
    await found.client.close();
  }
}

/** The server and pane `ref` names (its client stays open for the restart). */
async function findPane(
  deps: SnapshotCommandDeps,
  ref: string,
  servers: ReturnType<typeof serversFor>,
): Promise<{ client: TmuxClient; paneId: string } | { error: string }> {
  let error = `no pane matches "${ref}"`;
  for (const server of servers) {
    const client = await openTmuxClient(server, deps.runner, { mode: 'batch', logger: silentLogger });
    const panes = await client.listPanes();
    const resolved = resolvePaneRef(ref, agentPanes(panes, RUNTIMES, deps.processes.table()));
    if ('paneId' in resolved && panes.some((p) => p.paneId === resolved.paneId)) return { client, paneId: resolved.paneId };
    if ('error' in resolved) error = resolved.error;
    await client.close();
  }
  return { error };
}
