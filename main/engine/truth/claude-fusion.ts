/**
 * Claude Code heard directly: hook deliveries mapped to their pane and fed to the state machine at
 * once; status files and transcripts read periodically as further evidence (the transcript settles
 * "answered in the pane" and dropped hooks). The pane still decides which key is sent.
 */
import { ClaudeSessionDirectory } from '../claude-signals/session-directory.ts';
import type { ProcessIdentityReader } from '../claude-signals/pid-guard.ts';
import { readStatusFiles } from '../claude-signals/status-dir.ts';
import { statusHintFacts } from '../claude-signals/status-facts.ts';
import { transcriptFact } from '../claude-signals/transcript-state.ts';
import { TranscriptStateCache } from '../claude-signals/transcript-tail.ts';
import type { HookDelivery } from '../hooks/hook-ingest.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { ProcessTable } from '../platform/process-table.ts';
import type { Fact } from '../sessions/facts.ts';
import { deliverHook, localWatchedPanes } from './hook-delivery.ts';

export interface ClaudeFusionDeps {
  /** Only its list of watched panes is needed. */
  readonly observer: Pick<PaneObserver, 'snapshot'>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly processTable: ProcessTable;
  readonly identity: ProcessIdentityReader;
  /** `~/.claude/sessions` (CLAUDE_CONFIG_DIR respected by the caller). */
  readonly sessionsDir: string;
  readonly apply: (facts: Fact[]) => void;
}

export class ClaudeFusion {
  readonly directory = new ClaudeSessionDirectory();
  private readonly transcripts = new TranscriptStateCache();
  private reconciling = false;

  constructor(private readonly deps: ClaudeFusionDeps) {}

  /** A hook arrived (after the HTTP answer was sent): map it to its pane and apply it now. */
  deliver(delivery: HookDelivery): void {
    deliverHook(this.deps, this.directory, 'claude', delivery);
  }

  /** Read status files and transcripts of mapped sessions; apply what they say. Never overlaps itself. */
  async reconcile(): Promise<void> {
    if (this.reconciling) return;
    this.reconciling = true;
    try {
      const at = this.deps.clock.now();
      const watched = localWatchedPanes(this.deps.observer, 'claude');
      if (watched.length === 0) return;
      const facts: Fact[] = statusHintFacts({
        files: readStatusFiles(this.deps.sessionsDir, this.deps.logger),
        watched,
        identity: this.deps.identity,
        at,
      });
      const panes = new Set(watched.map((w) => w.pane));
      const sessions = this.directory.all();
      // The directory is bounded (oldest sessions leave it): so is the transcript cache, by what it names.
      this.transcripts.keepOnly(new Set(sessions.flatMap((s) => (s.transcriptPath ? [s.transcriptPath] : []))));
      for (const session of sessions) {
        if (!session.pane || !session.transcriptPath || session.ended || !panes.has(session.pane)) continue;
        try {
          const state = await this.transcripts.read(session.transcriptPath);
          const fact = transcriptFact(session.pane, at, state);
          if (fact) facts.push(fact);
        } catch (error) {
          this.deps.logger.log('debug', 'claude.transcript-unreadable', { file: session.transcriptPath, error: String(error) });
        }
      }
      if (facts.length > 0) this.deps.apply(facts);
    } finally {
      this.reconciling = false;
    }
  }
}
