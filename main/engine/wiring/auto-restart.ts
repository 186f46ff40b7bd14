/**
 * Context-threshold restarts (restart.autoThresholdPercent; 0 = off): when a Claude session's latest
 * usage passes the threshold and the agent is idle at its prompt, restart it with a snapshot.
 * One attempt per pane at a time, and not again within the cool-down whatever the outcome.
 *
 * Only this machine's sessions: a remote session's transcript path names a file on its host, and a
 * path from a host's payload is never opened here (a FIFO or a device at that path on this machine
 * would hang the check, or read something the host should not reach). Reading it over the host's
 * connection on every check would stream the transcript's tail through ssh for each remote pane;
 * `trailboss restart` of a remote pane still reads it there when the user asks.
 */
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { PaneKey } from '../sessions/facts.ts';
import { autoRestartCheck } from '../snapshot/usage.ts';
import type { ClaudeSessionContext } from '../claude-signals/session-directory.ts';
import type { PaneState } from '../sessions/pane-state.ts';
import { hostOfPaneKey } from '../hosts/host-spec.ts';

export interface AutoRestartDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly threshold: () => number;
  readonly sessions: () => readonly ClaudeSessionContext[];
  readonly stateOf: (pane: PaneKey) => PaneState | undefined;
  readonly restart: (pane: PaneKey) => Promise<{ outcome: string; message: string }>;
  /** How long after an attempt the same pane is left alone (default 10 min). */
  readonly coolDownMs?: number;
}

export class AutoRestart {
  private readonly lastAttempt = new Map<PaneKey, number>();
  private readonly remoteSkipped = new Set<PaneKey>();
  private running = false;

  constructor(private readonly deps: AutoRestartDeps) {}

  /** Look at every mapped Claude session once; restarts at most one pane per call. Never overlaps itself. */
  async check(): Promise<void> {
    const threshold = this.deps.threshold();
    if (!(threshold > 0) || this.running) return;
    this.running = true;
    try {
      const now = this.deps.clock.now();
      const coolDown = this.deps.coolDownMs ?? 10 * 60_000;
      // A cool-down that ran out says nothing any more: at most one entry per pane restarted in the last cool-down.
      for (const [pane, at] of this.lastAttempt) if (now - at >= coolDown) this.lastAttempt.delete(pane);
      for (const session of this.deps.sessions()) {
        const pane = session.pane;
        if (!pane || !session.transcriptPath || session.ended) continue;
        if (session.host !== null || hostOfPaneKey(pane) !== null) {
          this.skipRemote(pane);
          continue;
        }
        if (this.deps.stateOf(pane)?.state !== 'idle') continue;
        if (now - (this.lastAttempt.get(pane) ?? -Infinity) < coolDown) continue;
        let check: Awaited<ReturnType<typeof autoRestartCheck>>;
        try {
          check = await autoRestartCheck(session.transcriptPath, threshold);
        } catch (error) {
          // No regular file, unreadable or too slow: this pane is passed over, the others are still checked.
          this.deps.logger.log('warn', 'restart.auto-check-failed', { pane, error: String(error) });
          continue;
        }
        if (!check.due) continue;
        this.lastAttempt.set(pane, now);
        this.deps.logger.log('info', 'restart.auto', { pane, percent: check.percent, threshold });
        const result = await this.deps.restart(pane);
        this.deps.logger.log(result.outcome === 'confirmed' ? 'info' : 'warn', 'restart.auto-result', { pane, ...result });
        return;
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * The pane went: its "remote, left alone" note is dropped. Its cool-down is not: a restart itself
   * makes the pane look gone for a moment (the agent's process exits and a new one starts there), and
   * the cool-down must outlive that; `check` drops it once it has run out.
   */
  forget(pane: PaneKey): void {
    this.remoteSkipped.delete(pane);
  }

  /** How many panes this keeps something for, by record (tests and the soak watch these stay bounded). */
  sizes(): { lastAttempt: number; remoteSkipped: number } {
    return { lastAttempt: this.lastAttempt.size, remoteSkipped: this.remoteSkipped.size };
  }

  /** Said once per pane: auto-restart leaves remote panes alone. */
  private skipRemote(pane: PaneKey): void {
    if (this.remoteSkipped.has(pane)) return;
    this.remoteSkipped.add(pane);
    this.deps.logger.log('info', 'restart.auto-skip-remote', { pane });
  }
}
