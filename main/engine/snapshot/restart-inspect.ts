/** Restart step 1: what runs in the pane, and what the new session will be. Changes nothing. */
import { runtimeById } from '../runtimes/catalog.ts';
import type { RuntimeId } from '../runtimes/types.ts';
import type { PaneInfo } from '../tmux/types.ts';
import type { FoundAgent } from './agent-process.ts';
import { findAgentProcess } from './agent-process.ts';
import { relaunchArgv } from './relaunch-command.ts';
import type { RestartDeps, RestartRequest } from './restart-types.ts';
import { siteOf } from './restart-types.ts';
import { isAgentName, snapshotPath } from './snapshot-file.ts';

/** The plan of one restart. */
export interface RestartPlan {
  readonly pane: PaneInfo;
  readonly agent: FoundAgent;
  readonly argv: readonly string[];
  /** The old agent's working directory: the new one starts there. */
  readonly cwd: string;
  /** Where the snapshot goes (Claude's session cwd when known, else the process cwd). */
  readonly projectDir: string;
  /** Claude's session id (status file), when known. */
  readonly sessionId: string | null;
  readonly target: RuntimeId;
  readonly newArgv: readonly string[];
  readonly agentName: string;
  /** On this machine, also for an agent on a host. */
  readonly snapshotPath: string;
  /** The configured host the agent runs on; null for this machine. */
  readonly host: string | null;
}

/** Plan the restart, or say why it cannot be done (nothing changed). */
export async function inspectPane(deps: RestartDeps, req: RestartRequest): Promise<{ plan: RestartPlan } | { refused: string }> {
  const site = siteOf(deps);
  const on = site.host === null ? '' : ` on host ${site.host}`;
  const pane = (await deps.tmux.listPanes()).find((p) => p.paneId === req.paneId);
  if (!pane) return { refused: `there is no pane ${req.paneId} on this tmux server${on}` };
  const agent = findAgentProcess(pane, deps.runtimes, await site.processes.table());
  if (!agent) return { refused: `no known agent runs in pane ${req.paneId}${on} (it runs ${pane.currentCommand})` };
  const name = runtimeById(agent.runtime).displayName;
  if (req.mode === 'force' && agent.runtime !== 'claude') {
    return {
      refused: `a forced restart extracts the conversation from the transcript, and only Claude Code keeps one; ${name} does not. Restart it gracefully instead (it is asked to save its own snapshot).`,
    };
  }
  const argv = await site.processes.argv(agent.pid);
  if (!argv) return { refused: `cannot read the command line of ${name} (pid ${agent.pid}${on}); nothing was changed` };
  const cwd = (await site.processes.cwd(agent.pid)) ?? pane.currentPath;
  const status = agent.runtime === 'claude' ? await site.claudeSession(agent.pid) : null;
  const target = req.runtime ?? agent.runtime;
  const agentName = req.agent ?? target;
  if (!isAgentName(agentName)) return { refused: `not a valid agent name: ${JSON.stringify(agentName)}` };
  const projectDir = status?.cwd ?? cwd;
  const newArgv = relaunchArgv({ runtime: agent.runtime, argv }, target, req.command);
  return {
    plan: {
      pane,
      agent,
      argv,
      cwd,
      projectDir,
      sessionId: status?.sessionId ?? null,
      target,
      newArgv,
      agentName,
      snapshotPath: snapshotPath(site.snapshotHome(projectDir), agentName),
      host: site.host,
    },
  };
}
