/**
 * Restart step 2: get a snapshot. Graceful: if the agent waits at an empty input prompt, ask it to
 * write its own (typed only there), and wait for the file; otherwise, or when it does not come in
 * time, extract it from Claude's transcript. Force: extract at once. Nothing is stopped here.
 */
import type { ActionStore, AuditRecord, PaneAccess } from '../actions/types.ts';
import { typeIntoIdle } from '../actions/type-text.ts';
import { runtimeById } from '../runtimes/catalog.ts';
import { isDirectory, saveParsedSnapshot } from './extract.ts';
import { pollUntil } from './poll.ts';
import type { RestartPlan } from './restart-inspect.ts';
import type { RestartDeps, RestartRequest } from './restart-types.ts';
import { RESTART_DEFAULTS, siteOf, stepAuditor } from './restart-types.ts';
import { saveRequestText } from './save-request.ts';
import { fileStamp } from './snapshot-file.ts';
import { DEFAULT_MAX_LINES } from './types.ts';

/** Where the snapshot came from, or why there is none (nothing was stopped either way). */
export type SnapshotOutcome = { readonly from: 'agent' | 'transcript' } | { readonly refused: string };

/** The typing action's store, reduced to auditing: a restart claims no attention item. */
export function auditOnlyStore(audit: (record: AuditRecord) => void): ActionStore {
  const noItem = (): never => {
    throw new Error('a restart has no attention item to claim or resolve');
  };
  return {
    claim: noItem,
    release: noItem,
    resolve: noItem,
    recordSend: (_item, record) => audit(record),
    appendAudit: audit,
    recordOutcome: noItem,
  };
}

/** Take the snapshot for `plan` as `req.mode` says. */
export async function snapshotForRestart(
  deps: RestartDeps,
  req: RestartRequest,
  plan: RestartPlan,
  panes: PaneAccess,
  paneKey: string,
): Promise<SnapshotOutcome> {
  const audit = stepAuditor(deps, paneKey, req.surface);
  const runtime = plan.agent.runtime;
  const poll = req.pollMs ?? RESTART_DEFAULTS.pollMs;
  const maxLines = req.maxLines ?? DEFAULT_MAX_LINES;
  const reason = req.reason ?? 'external';
  let asked = '';
  if (req.mode === 'graceful' && !siteOf(deps).agentWritesSnapshots) {
    // The agent would write the file on its host, where Trail Boss neither watches nor reads it.
    asked = `it runs on host ${plan.host ?? '?'}, so it was not asked to save its own snapshot`;
    audit('snapshot', runtime, plan.snapshotPath, asked);
  } else if (req.mode === 'graceful') {
    const look = await panes.look(paneKey);
    const idle = look.kind === 'screen' && look.screen.kind === 'idle' && look.screen.draft.trim() === '';
    if (idle) {
      const before = fileStamp(plan.snapshotPath);
      const text = saveRequestText({ path: plan.snapshotPath, agent: plan.agentName, reason, maxLines });
      const typed = await typeIntoIdle(
        { store: auditOnlyStore(deps.audit), panes, clock: deps.clock },
        { paneKey, text, reason: 'restart: ask the agent to save its snapshot', surface: req.surface, itemId: null, action: 'restart' },
      );
      const timeoutMs = req.gracefulTimeoutMs ?? RESTART_DEFAULTS.gracefulTimeoutMs;
      const saved =
        typed.outcome === 'confirmed' &&
        (await pollUntil(deps.clock, () => (fileChanged(plan.snapshotPath, before) ? true : null), { timeoutMs, intervalMs: poll }));
      if (saved) {
        // Let the write finish: the file stops changing and the agent is back at its prompt (bounded).
        let last = fileStamp(plan.snapshotPath);
        await pollUntil(
          deps.clock,
          async () => {
            const now = fileStamp(plan.snapshotPath);
            const settled = now === last && (await isIdle(panes, paneKey));
            last = now;
            return settled ? true : null;
          },
          { timeoutMs: Math.min(timeoutMs, 10_000), intervalMs: poll },
        );
        audit('snapshot', runtime, plan.snapshotPath, 'saved by the agent');
        return { from: 'agent' };
      }
      asked =
        typed.outcome === 'confirmed'
          ? `it was asked to save a snapshot but none came within ${Math.round(timeoutMs / 1000)} s`
          : `asking it failed: ${typed.message}`;
      audit('snapshot', runtime, plan.snapshotPath, asked);
    } else {
      asked = `it is not at an empty input prompt (${look.kind === 'gone' ? 'the pane is gone' : `it shows: ${look.screen.kind}`}), so it was not asked to save a snapshot`;
    }
  }
  if (runtime !== 'claude') {
    return {
      refused: `${runtimeById(runtime).displayName} in ${paneLabel(req.paneId, plan.host)}: ${asked}; it keeps no transcript to extract one from. Nothing was restarted.`,
    };
  }
  return extractForRestart(deps, req, plan, audit, maxLines, reason);
}

async function extractForRestart(
  deps: RestartDeps,
  req: RestartRequest,
  plan: RestartPlan,
  audit: ReturnType<typeof stepAuditor>,
  maxLines: number,
  reason: NonNullable<RestartRequest['reason']>,
): Promise<SnapshotOutcome> {
  const site = siteOf(deps);
  const where = paneLabel(req.paneId, plan.host);
  const on = plan.host === null ? '' : ` on host ${plan.host}`;
  try {
    const located = await site.locateTranscript({ sessionId: plan.sessionId, cwd: plan.projectDir });
    if ('error' in located) {
      audit('snapshot', 'claude', '', `no transcript: ${located.error}`);
      return { refused: `cannot snapshot Claude Code in ${where}: ${located.error}. Nothing was restarted.` };
    }
    try {
      // Only .trailboss/ is ours to create in a project of this machine.
      if (plan.host === null && !isDirectory(plan.projectDir)) throw new Error(`the project directory ${plan.projectDir} does not exist`);
      const parsed = await site.parseTranscript(located.path, maxLines);
      const saved = await saveParsedSnapshot(
        { clock: deps.clock, runner: site.gitRunner },
        {
          parsed,
          projectDir: plan.projectDir,
          file: plan.snapshotPath,
          agent: plan.agentName,
          reason,
          maxLines,
          sessionId: plan.sessionId,
          host: plan.host,
        },
      );
      const s = saved.stats;
      audit(
        'snapshot',
        'claude',
        saved.path,
        `extracted from ${located.path}${on} (${located.source}; ${s.prompts} prompts, ${s.replies} answers, ${s.malformed} broken lines skipped)`,
      );
      return { from: 'transcript' };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      audit('snapshot', 'claude', located.path, `failed: ${message}`);
      return { refused: `cannot snapshot Claude Code in ${where}: ${message}. Nothing was restarted.` };
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    audit('snapshot', 'claude', '', `failed: ${message}`);
    return { refused: `cannot snapshot Claude Code in ${where}: ${message}. Nothing was restarted.` };
  }
}

function fileChanged(file: string, before: string | null): boolean {
  const now = fileStamp(file);
  return now !== null && now !== before && Number(now.split(':')[1]) > 0;
}

async function isIdle(panes: PaneAccess, paneKey: string): Promise<boolean> {
  const look = await panes.look(paneKey);
  return look.kind === 'screen' && look.screen.kind === 'idle';
}

/** `%3`, or `%3 on host gpu`: every message names the host of a remote pane. */
export function paneLabel(paneId: string, host: string | null): string {
  return host === null ? paneId : `${paneId} on host ${host}`;
}
