/**
 * `item:restart` from any surface: snapshot the conversation, restart the agent in its pane, brief it
 * once. A pane on a configured host is restarted through the host's connection (remote-site.ts), and
 * refused at once, with the reason, while the host cannot be reached — never queued for later.
 */
import type { RuntimeIdDto } from '../../../preload/contract/agent.ts';
import type { ActionResult, ActionStore, Surface } from '../actions/types.ts';
import { claudeConfigDir, claudeSettingsFile } from '../claude-signals/config-dir.ts';
import type { Config } from '../config/index.ts';
import { HostTmuxClient } from '../hosts/host-client.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { Runner } from '../platform/run.ts';
import { RUNTIMES } from '../runtimes/catalog.ts';
import type { PaneKey } from '../sessions/facts.ts';
import { procAgentProcesses } from '../snapshot/agent-process.ts';
import type { AgentSite } from '../snapshot/agent-site.ts';
import { primeHookInstalled } from '../snapshot/cli-support.ts';
import { remoteSite } from '../snapshot/remote-site.ts';
import { restartAgent } from '../snapshot/restart.ts';
import { readTextOrNull } from '../platform/read-text.ts';

export interface RestartActionDeps {
  readonly observer: PaneObserver;
  readonly actionStore: ActionStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly runner: Runner;
  readonly config: () => Config;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
  /** Where the snapshots of agents on configured hosts are kept on this machine (one directory per host). */
  readonly remoteSnapshotsDir: string;
}

/** Restart the agent in `paneKey`; `failed` steps are reported with the pane's state, never hidden. */
export async function restartPane(
  deps: RestartActionDeps,
  paneKey: PaneKey,
  runtime: RuntimeIdDto | null,
  surface: Surface,
  reason: 'external' | 'context-threshold' = 'external',
): Promise<Pick<ActionResult, 'outcome' | 'message'>> {
  const pane = deps.observer.pane(paneKey);
  if (!pane) return { outcome: 'gone', message: 'the pane is no longer watched; nothing was done' };
  let site: AgentSite | null = null;
  if (pane.client instanceof HostTmuxClient) {
    const unreachable = pane.client.unreachable();
    if (unreachable) return { outcome: 'refused', message: `${unreachable}; nothing was restarted` };
    const shell = pane.client.shell;
    if (!shell)
      return { outcome: 'refused', message: `host ${pane.client.host} offers no command channel for a restart; nothing was restarted` };
    site = remoteSite({ shell, snapshotsDir: deps.remoteSnapshotsDir, logger: deps.logger });
  }
  const claude = { env: deps.env, homedir: deps.homedir };
  const config = deps.config();
  const result = await restartAgent(
    {
      tmux: pane.client,
      runtimes: RUNTIMES,
      processes: procAgentProcesses(),
      clock: deps.clock,
      runner: deps.runner,
      audit: (record) => deps.actionStore.appendAudit(record),
      claudeConfigDir: claudeConfigDir(claude),
      logger: deps.logger,
      ...(site ? { site } : {}),
    },
    {
      paneId: pane.info.paneId,
      mode: 'graceful',
      ...(runtime ? { runtime } : {}),
      reason,
      surface,
      maxLines: config.restart.maxLines,
      gracefulTimeoutMs: config.restart.gracefulTimeoutMs,
      // This machine's settings say nothing about a host's Claude; there the briefing is typed.
      hookPrimes: site === null && primeHookInstalled(readTextOrNull(claudeSettingsFile(claude))),
    },
  );
  switch (result.outcome) {
    case 'restarted':
      return { outcome: 'confirmed', message: result.message };
    case 'refused':
      return { outcome: 'refused', message: result.message };
    case 'failed':
      return { outcome: 'unconfirmed', message: `restart failed at ${result.step}: ${result.message} (pane: ${result.paneState})` };
  }
}
