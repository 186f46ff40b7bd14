/**
 * Restart step 4: start the new agent in the same pane and directory. A pane whose process was the
 * agent is respawned with the exact argv (no shell quoting involved); a shell gets the command typed
 * at its prompt, so the user's shell, its environment and history stay. The new process carries
 * TRAILBOSS_AGENT, so `trailboss prime` in its SessionStart hook picks exactly its snapshot.
 */
import type { FoundAgent } from './agent-process.ts';
import { findAgentProcess } from './agent-process.ts';
import { pollUntil } from './poll.ts';
import { shellCommandLine } from './relaunch-command.ts';
import type { RestartPlan } from './restart-inspect.ts';
import { restoreRemainOnExit, type StoppedAgent } from './restart-stop.ts';
import type { RestartDeps, RestartRequest } from './restart-types.ts';
import { RESTART_DEFAULTS, siteOf, stepAuditor } from './restart-types.ts';

/** The environment variable naming the snapshot a new session should be primed with. */
export const AGENT_ENV = 'TRAILBOSS_AGENT';

/** Start the new agent and wait until its process runs in the pane. */
export async function startAgent(
  deps: RestartDeps,
  req: RestartRequest,
  plan: RestartPlan,
  stopped: StoppedAgent,
  paneKey: string,
): Promise<FoundAgent | { failed: string }> {
  const audit = stepAuditor(deps, paneKey, req.surface);
  const paneId = plan.pane.paneId;
  try {
    if (plan.agent.isPaneRoot) {
      const args = ['respawn-pane', '-t', paneId, '-c', plan.cwd, '-e', `${AGENT_ENV}=${plan.agentName}`, '--', ...plan.newArgv];
      audit('start', plan.target, args.join(' '), 'sending');
      await deps.tmux.command(args);
    } else {
      const pane = (await deps.tmux.listPanes()).find((p) => p.paneId === paneId);
      const cd = pane && pane.currentPath === plan.cwd ? null : plan.cwd;
      // The agent name is a plain file name (validated), so the assignment word needs no quoting.
      const line = shellCommandLine([`${AGENT_ENV}=${plan.agentName}`, ...plan.newArgv], cd);
      audit('start', plan.target, line, 'typing at the shell prompt');
      // C-u drops anything half-typed at the prompt; the command goes in literally, then Enter.
      await deps.tmux.sendKeys(paneId, ['C-u']);
      await deps.tmux.sendText(paneId, line);
      await deps.tmux.sendKeys(paneId, ['Enter']);
    }
  } catch (err) {
    return { failed: `starting the new agent failed: ${err instanceof Error ? err.message : String(err)}${keptOpen(stopped)}` };
  }
  const found = await pollUntil(
    deps.clock,
    async () => {
      const pane = (await deps.tmux.listPanes()).find((p) => p.paneId === paneId);
      if (!pane) return null;
      const agent = findAgentProcess(pane, deps.runtimes, await siteOf(deps).processes.table());
      return agent && agent.runtime === plan.target && agent.pid !== plan.agent.pid ? agent : null;
    },
    { timeoutMs: req.startTimeoutMs ?? RESTART_DEFAULTS.startTimeoutMs, intervalMs: req.pollMs ?? RESTART_DEFAULTS.pollMs },
  );
  if (!found) {
    audit('start', plan.target, plan.newArgv.join(' '), 'failed: no new agent process appeared');
    return {
      failed: `the new agent did not start within ${Math.round((req.startTimeoutMs ?? RESTART_DEFAULTS.startTimeoutMs) / 1000)} s${keptOpen(stopped)}`,
    };
  }
  // Only now: had it been restored at once, a command that dies at start would close the pane and its error with it.
  await restoreRemainOnExit(deps, paneId, stopped.previousRemainOnExit).catch(() => {});
  audit('start', plan.target, `pid ${found.pid}`, 'running');
  return found;
}

function keptOpen(stopped: StoppedAgent): string {
  return stopped.previousRemainOnExit === null ? '' : ' (remain-on-exit stays on for the pane, so its last output can be read)';
}
