/**
 * Restart step 5: hand the new session its snapshot, exactly once. For Claude with the SessionStart
 * hook installed, `trailboss prime` in the hook already did (the file is gone by the time the input
 * prompt shows). Otherwise the briefing is typed at the first empty input prompt. Both sides claim
 * the file by renaming it, so a late hook and the pipeline can never both deliver it.
 */
import type { PaneAccess } from '../actions/types.ts';
import { typeIntoIdle } from '../actions/type-text.ts';
import { briefingText } from './briefing.ts';
import { pollUntil } from './poll.ts';
import type { RestartPlan } from './restart-inspect.ts';
import { auditOnlyStore } from './restart-snapshot.ts';
import type { RestartDeps, RestartRequest } from './restart-types.ts';
import { RESTART_DEFAULTS, stepAuditor } from './restart-types.ts';
import { claimSnapshot, fileStamp } from './snapshot-file.ts';

/** How long after the prompt shows a hook's prime may still be finishing. */
const HOOK_GRACE_MS = 5000;

/** Deliver the snapshot to the new session; on failure, the snapshot stays on disk and the message says where. */
export async function deliverSnapshot(
  deps: RestartDeps,
  req: RestartRequest,
  plan: RestartPlan,
  panes: PaneAccess,
  paneKey: string,
): Promise<{ delivery: 'hook' | 'typed' } | { failed: string }> {
  const audit = stepAuditor(deps, paneKey, req.surface);
  const poll = req.pollMs ?? RESTART_DEFAULTS.pollMs;
  const file = plan.snapshotPath;
  const readyMs = req.readyTimeoutMs ?? RESTART_DEFAULTS.readyTimeoutMs;
  let lastKind = 'nothing yet';
  const ready = await pollUntil(
    deps.clock,
    async () => {
      const look = await panes.look(paneKey);
      lastKind = look.kind === 'gone' ? 'the pane is gone' : look.screen.kind;
      return look.kind === 'screen' && look.screen.kind === 'idle' && look.screen.draft.trim() === '' ? true : null;
    },
    { timeoutMs: readyMs, intervalMs: poll },
  );
  if (!ready) {
    audit('deliver', plan.target, file, `failed: no empty input prompt within ${Math.round(readyMs / 1000)} s (shows: ${lastKind})`);
    return {
      failed: `the new agent never reached an empty input prompt (it shows: ${lastKind}); the snapshot is still at ${file} — run \`trailboss prime\` there or paste it`,
    };
  }
  if (req.hookPrimes && plan.target === 'claude') {
    const primed = await pollUntil(deps.clock, () => (fileStamp(file) === null ? true : null), {
      timeoutMs: HOOK_GRACE_MS,
      intervalMs: poll,
    });
    if (primed) {
      audit('deliver', plan.target, file, 'delivered by the SessionStart hook (trailboss prime)');
      return { delivery: 'hook' };
    }
  }
  const claim = claimSnapshot(file);
  if (!claim) {
    // Someone primed it meanwhile (a hook we did not know about): delivered once, not by us.
    audit('deliver', plan.target, file, 'already taken by trailboss prime');
    return { delivery: 'hook' };
  }
  const typed = await typeIntoIdle(
    { store: auditOnlyStore(deps.audit), panes, clock: deps.clock },
    {
      paneKey,
      text: briefingText(claim.text, plan.agentName),
      reason: 'restart: brief the new session with its snapshot',
      surface: req.surface,
      itemId: null,
      action: 'restart',
    },
  );
  if (typed.outcome !== 'confirmed') {
    claim.release();
    audit('deliver', plan.target, file, `failed: ${typed.message}`);
    return { failed: `the briefing could not be typed (${typed.message}); the snapshot is still at ${file}` };
  }
  claim.commit();
  audit('deliver', plan.target, file, 'briefing typed at the first prompt; snapshot deleted');
  return { delivery: 'typed' };
}
