/**
 * Restart step 3: stop the old agent. A signal, not keys: SIGTERM works for every runtime and does
 * not depend on what its screen shows (typing `/exit` would need an idle prompt and a command each
 * CLI names differently); SIGKILL if it is still there after the grace period. Then wait until the
 * pane can take the new agent: a pane whose own process was the agent is kept open (remain-on-exit)
 * and shows dead; a shell that launched it is back in the foreground.
 */
import { pollUntil } from './poll.ts';
import type { RestartPlan } from './restart-inspect.ts';
import type { RestartDeps, RestartRequest } from './restart-types.ts';
import { RESTART_DEFAULTS, siteOf, stepAuditor } from './restart-types.ts';

/** Shells a launched agent returns to. */
export const SHELLS = new Set(['bash', 'zsh', 'fish', 'sh', 'dash', 'ksh', 'mksh', 'tcsh', 'csh', 'nu', 'elvish', 'xonsh']);

/** The pane's remain-on-exit as set on the pane itself before we changed it ('' = not set on the pane). */
export interface StoppedAgent {
  readonly previousRemainOnExit: string | null;
}

/** Stop the agent; on failure, the message says what state the pane is in. */
export async function stopAgent(
  deps: RestartDeps,
  req: RestartRequest,
  plan: RestartPlan,
  paneKey: string,
): Promise<StoppedAgent | { failed: string }> {
  const audit = stepAuditor(deps, paneKey, req.surface);
  const { pid, runtime, isPaneRoot } = plan.agent;
  const poll = req.pollMs ?? RESTART_DEFAULTS.pollMs;
  const paneId = plan.pane.paneId;
  let previousRemainOnExit: string | null = null;
  if (isPaneRoot) {
    // Without it tmux closes the pane when its process exits, and there is nothing left to restart in.
    previousRemainOnExit = (await deps.tmux.command(['show-options', '-p', '-t', paneId, '-v', 'remain-on-exit'])).trim();
    await deps.tmux.command(['set-option', '-p', '-t', paneId, 'remain-on-exit', 'on']);
  }
  const { processes } = siteOf(deps);
  const gone = async () => ((await processes.alive(pid)) ? null : true);
  audit('stop', runtime, `SIGTERM ${pid}`, 'sending');
  await processes.signal(pid, 'SIGTERM');
  const stopTimeoutMs = req.stopTimeoutMs ?? RESTART_DEFAULTS.stopTimeoutMs;
  let stopped = await pollUntil(deps.clock, gone, { timeoutMs: stopTimeoutMs, intervalMs: poll });
  if (!stopped) {
    audit('stop', runtime, `SIGKILL ${pid}`, 'still running after SIGTERM');
    await processes.signal(pid, 'SIGKILL');
    // SIGKILL cannot be caught: only a process stuck in the kernel (D state) outlives this.
    stopped = await pollUntil(deps.clock, gone, { timeoutMs: Math.min(5000, stopTimeoutMs), intervalMs: poll });
  }
  if (!stopped) {
    await restoreRemainOnExit(deps, paneId, previousRemainOnExit);
    audit('stop', runtime, `pid ${pid}`, 'failed: still running after SIGKILL');
    return { failed: `the agent (pid ${pid}) is still running after SIGTERM and SIGKILL` };
  }
  const ready = await pollUntil(
    deps.clock,
    async () => {
      const pane = (await deps.tmux.listPanes()).find((p) => p.paneId === paneId);
      if (!pane) return 'gone';
      if (isPaneRoot) return pane.dead ? 'ready' : null;
      return SHELLS.has(pane.currentCommand) ? 'ready' : null;
    },
    { timeoutMs: stopTimeoutMs, intervalMs: poll },
  );
  if (ready !== 'ready') {
    audit('stop', runtime, `pid ${pid}`, ready === 'gone' ? 'failed: the pane closed' : 'failed: the pane did not return to a shell');
    return {
      failed:
        ready === 'gone' ? 'the pane closed when the agent exited' : 'the agent exited but its shell did not come back to the foreground',
    };
  }
  audit('stop', runtime, `pid ${pid}`, 'stopped');
  return { previousRemainOnExit };
}

/** Put the pane's remain-on-exit back as it was (unset when it was not set on the pane). */
export async function restoreRemainOnExit(deps: RestartDeps, paneId: string, previous: string | null): Promise<void> {
  if (previous === null) return;
  await deps.tmux.command(
    previous === ''
      ? ['set-option', '-p', '-u', '-t', paneId, 'remain-on-exit']
      : ['set-option', '-p', '-t', paneId, 'remain-on-exit', previous],
  );
}
