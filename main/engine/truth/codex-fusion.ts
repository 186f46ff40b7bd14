/**
 * Codex CLI heard directly: its hooks (0.169+, `$CODEX_HOME/hooks.json`) send Claude's payload shape
 * (test/fixtures/hooks/codex), so a delivery maps to its pane the same way — `$TMUX_PANE` first,
 * process ancestry when the hook ran outside tmux's environment — and becomes a `hook` Fact at once.
 * Codex has no status file; after a deny it sends no Stop, so the pane alone says "idle again".
 * Codex runs its PermissionRequest hooks before it draws the prompt: the hook's item waits for the
 * pane (the state machine's hook hold, R31) and the prompt upgrades it. The pane still decides which
 * key is sent.
 */
import { ClaudeSessionDirectory } from '../claude-signals/session-directory.ts';
import type { HookDelivery } from '../hooks/hook-ingest.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Logger } from '../platform/log.ts';
import type { ProcessTable } from '../platform/process-table.ts';
import type { Fact } from '../sessions/facts.ts';
import { deliverHook } from './hook-delivery.ts';

export interface CodexFusionDeps {
  readonly observer: Pick<PaneObserver, 'snapshot'>;
  readonly logger: Logger;
  readonly processTable: ProcessTable;
  readonly apply: (facts: Fact[]) => void;
}

/** Codex hook deliveries → facts for the pane each session runs in. */
export class CodexFusion {
  /** Same bookkeeping as Claude's sessions: the shapes are the same. */
  readonly directory = new ClaudeSessionDirectory();

  constructor(private readonly deps: CodexFusionDeps) {}

  /** A Codex hook arrived (after the HTTP answer was sent): map it to its pane and apply it now. */
  deliver(delivery: HookDelivery): void {
    deliverHook(this.deps, this.directory, 'codex', delivery);
  }
}
