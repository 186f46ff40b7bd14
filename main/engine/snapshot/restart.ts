/**
 * The restart pipeline: inspect → snapshot → stop → start → deliver, every step audited. Until the
 * stop, a failure changes nothing (the old session runs on); after it, the result says exactly what
 * state the pane is in and where the snapshot is.
 */
import { runtimeById } from '../runtimes/catalog.ts';
import { paneKey as makePaneKey } from '../sessions/facts.ts';
import { serverKey } from '../tmux/types.ts';
import { paneAccess } from './pane-look.ts';
import { inspectPane } from './restart-inspect.ts';
import { deliverSnapshot } from './restart-deliver.ts';
import { paneLabel, snapshotForRestart } from './restart-snapshot.ts';
import { startAgent } from './restart-start.ts';
import { stopAgent } from './restart-stop.ts';
import type { RestartDeps, RestartRequest, RestartResult, RestartStep } from './restart-types.ts';
import { stepAuditor } from './restart-types.ts';

/** Restart the agent in `req.paneId` with a snapshot of its conversation. Never throws for expected failures. */
export async function restartAgent(deps: RestartDeps, req: RestartRequest): Promise<RestartResult> {
  const key = makePaneKey(serverKey(deps.tmux.server), req.paneId);
  const audit = stepAuditor(deps, key, req.surface);
  let step: RestartStep = 'inspect';
  const host = deps.site?.host ?? null;
  try {
    const inspected = await inspectPane(deps, req);
    if ('refused' in inspected) return { outcome: 'refused', message: inspected.refused };
    const plan = inspected.plan;
    let runtime = runtimeById(plan.agent.runtime);
    const panes = paneAccess(deps.tmux, req.paneId, () => runtime);
    audit(
      'inspect',
      plan.agent.runtime,
      plan.argv.join(' '),
      `${req.mode} restart of pid ${plan.agent.pid} in ${plan.cwd} as ${plan.newArgv.join(' ')}`,
    );

    step = 'snapshot';
    const snap = await snapshotForRestart(deps, req, plan, panes, key);
    if ('refused' in snap) return { outcome: 'refused', message: snap.refused };

    step = 'stop';
    const stopped = await stopAgent(deps, req, plan, key);
    if ('failed' in stopped) return await failed(deps, req, step, `${stopped.failed}; the snapshot is at ${plan.snapshotPath}`, runtime.id);

    step = 'start';
    runtime = runtimeById(plan.target);
    const started = await startAgent(deps, req, plan, stopped, key);
    if ('failed' in started)
      return await failed(
        deps,
        req,
        step,
        `the old agent was stopped but ${started.failed}; the snapshot is at ${plan.snapshotPath}`,
        runtime.id,
      );

    step = 'deliver';
    const delivered = await deliverSnapshot(deps, req, plan, panes, key);
    if ('failed' in delivered)
      return await failed(deps, req, step, `the new agent runs (pid ${started.pid}) but ${delivered.failed}`, runtime.id);

    const from = snap.from === 'agent' ? 'saved by the agent' : 'extracted from the transcript';
    const how = delivered.delivery === 'hook' ? 'primed by its SessionStart hook' : 'briefed at its first prompt';
    return {
      outcome: 'restarted',
      message: `restarted ${runtime.displayName} in ${paneLabel(req.paneId, plan.host)} (pid ${plan.agent.pid} → ${started.pid}); snapshot ${from} (${plan.snapshotPath}), ${how}`,
      snapshotPath: plan.snapshotPath,
      snapshotFrom: snap.from,
      delivery: delivered.delivery,
      oldPid: plan.agent.pid,
      newPid: started.pid,
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    audit(step, 'unknown', '', `failed: ${message}`);
    if (step === 'inspect' || step === 'snapshot')
      return { outcome: 'refused', message: `restart of ${paneLabel(req.paneId, host)} stopped before changing anything: ${message}` };
    return failed(deps, req, step, message, null);
  }
}

async function failed(
  deps: RestartDeps,
  req: RestartRequest,
  step: RestartStep,
  message: string,
  runtimeId: string | null,
): Promise<RestartResult> {
  return { outcome: 'failed', step, message, paneState: await describePane(deps, req.paneId, runtimeId) };
}

/** One line on what the pane shows now, for a failure message. Never throws. */
export async function describePane(deps: RestartDeps, paneId: string, runtimeId: string | null): Promise<string> {
  try {
    const pane = (await deps.tmux.listPanes()).find((p) => p.paneId === paneId);
    if (!pane) return `pane ${paneId} is gone`;
    if (pane.dead) return `pane ${paneId} is dead (its process exited; tmux keeps it open) in ${pane.currentPath}`;
    const rt = deps.runtimes.find((r) => r.id === runtimeId);
    const [capture] = rt ? await deps.tmux.capture([{ paneId, colour: rt.needsColour }]) : [];
    const screen = rt && capture ? rt.classify(capture).kind : 'unknown';
    return `pane ${paneId} runs ${pane.currentCommand} (pid ${pane.pid}) in ${pane.currentPath}; its screen reads as ${screen}`;
  } catch (err) {
    return `pane ${paneId}: state unknown (${err instanceof Error ? err.message : String(err)})`;
  }
}
