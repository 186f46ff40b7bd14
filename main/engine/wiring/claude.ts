/**
 * Wiring step 7: Claude Code heard directly — hook deliveries, status files and transcripts fused into
 * the truth's facts — and the context-threshold auto-restart that reads the same sessions.
 */
import { claudeSessionsDir } from '../claude-signals/config-dir.ts';
import { procIdentityReader } from '../claude-signals/pid-guard.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { ProcessTable } from '../platform/process-table.ts';
import type { Runner } from '../platform/run.ts';
import type { Fact } from '../sessions/facts.ts';
import { ClaudeFusion } from '../truth/claude-fusion.ts';
import type { ActionParts } from './actions.ts';
import type { Attention } from './attention.ts';
import { AutoRestart } from './auto-restart.ts';
import type { Foundation } from './foundation.ts';
import { restartPane } from '../restart/restart-pane.ts';
import { remoteSnapshotsDir } from '../snapshot/snapshot-index.ts';

export interface ClaudeOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
  readonly processTable: ProcessTable;
  readonly runner: Runner;
}

/** Fusion of Claude's own signals into facts for `onFacts`. */
export function buildClaudeFusion(
  f: Foundation,
  observer: PaneObserver,
  opts: ClaudeOptions,
  onFacts: (facts: Fact[]) => void,
): ClaudeFusion {
  return new ClaudeFusion({
    observer,
    clock: f.clock,
    logger: f.logger,
    processTable: opts.processTable,
    identity: procIdentityReader(),
    sessionsDir: claudeSessionsDir({ env: opts.env, homedir: opts.homedir }),
    apply: onFacts,
  });
}

/** Restart idle Claude sessions whose context passes `restart.autoThresholdPercent`. */
export function buildAutoRestart(
  f: Foundation,
  fusion: ClaudeFusion,
  observer: PaneObserver,
  attention: Attention,
  actions: ActionParts,
  opts: ClaudeOptions,
): AutoRestart {
  const { clock, logger, config } = f;
  return new AutoRestart({
    clock,
    logger,
    threshold: () => config().restart.autoThresholdPercent,
    sessions: () => fusion.directory.all(),
    stateOf: (pane) => attention.truth.get(pane),
    restart: (pane) =>
      restartPane(
        {
          observer,
          actionStore: actions.actionStore,
          clock,
          logger,
          runner: opts.runner,
          config,
          env: opts.env,
          homedir: opts.homedir,
          remoteSnapshotsDir: remoteSnapshotsDir(f.paths.home),
        },
        pane,
        null,
        'engine',
        'context-threshold',
      ),
  });
}
