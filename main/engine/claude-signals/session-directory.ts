/**
 * What we know about each Claude session heard from, watched or not. A hook from a session in a
 * watched pane becomes a `hook` Fact for that pane's state machine; one from a session in no
 * watched pane only updates the context here (transcript path, last assistant message) — never a
 * queue item nobody could act on. When the pane is enrolled later, the context is waiting.
 * Sessions are kept per host (a delivery's `host`): a session id heard from one host never reaches
 * the context, or the last pane, of a session on another host or on this machine.
 */
import type { HookDelivery } from '../hooks/hook-ingest.ts';
import type { HookEventName } from '../hooks/hook-schemas.ts';
import type { Fact, HookSignal, PaneKey } from '../sessions/facts.ts';
import type { SessionPane } from './session-pane.ts';

/** One session's context. */
export interface ClaudeSessionContext {
  readonly sessionId: string;
  /** The configured host whose forwarded socket delivered it; null for this machine. Its paths name files there. */
  readonly host: string | null;
  /** The watched pane it was last mapped to; null while unwatched. */
  readonly pane: PaneKey | null;
  readonly transcriptPath: string | null;
  readonly cwd: string | null;
  readonly lastEvent: HookEventName;
  readonly lastSignal: HookSignal | null;
  readonly lastAt: number;
  /** From the last Stop: the queue shows it as "what it said last". */
  readonly lastAssistantMessage: string | null;
  /** SessionEnd arrived. */
  readonly ended: boolean;
}

/** In-memory directory of sessions, bounded (the least recently heard are dropped first). */
export class ClaudeSessionDirectory {
  private readonly sessions = new Map<string, ClaudeSessionContext>();

  constructor(private readonly maxSessions = 1000) {}

  /** Record a delivery; returns the Fact to feed the state machine, or null when kept as context only. */
  ingest(delivery: HookDelivery, mapping: SessionPane): Fact | null {
    const key = sessionKey(delivery.sessionId, delivery.host);
    const prev = this.sessions.get(key);
    const pane = mapping.kind === 'pane' ? mapping.pane : null;
    const payload = delivery.payload;
    const signal = delivery.signal;
    const context: ClaudeSessionContext = {
      sessionId: delivery.sessionId,
      host: delivery.host,
      pane,
      transcriptPath: payload.transcript_path ?? prev?.transcriptPath ?? null,
      cwd: payload.cwd ?? prev?.cwd ?? null,
      lastEvent: delivery.event,
      lastSignal: signal ?? prev?.lastSignal ?? null,
      lastAt: delivery.at,
      lastAssistantMessage: signal?.kind === 'stop' ? signal.lastAssistantMessage : (prev?.lastAssistantMessage ?? null),
      ended: signal?.kind === 'session-end' || ((prev?.ended ?? false) && signal?.kind !== 'session-start'),
    };
    // Re-insert so Map order is least-recently-heard first.
    this.sessions.delete(key);
    this.sessions.set(key, context);
    this.evict();
    if (pane === null || signal === null) return null;
    return { kind: 'hook', pane, at: delivery.at, sessionId: delivery.sessionId, signal };
  }

  /** The context of one session (of `host`; null: this machine). */
  get(sessionId: string, host: string | null = null): ClaudeSessionContext | undefined {
    return this.sessions.get(sessionKey(sessionId, host));
  }

  /** The pane a session (of `host`) was last mapped to (the `knownPane` input of resolveSessionPane). */
  knownPane(sessionId: string, host: string | null = null): PaneKey | null {
    return this.sessions.get(sessionKey(sessionId, host))?.pane ?? null;
  }

  /** Sessions last mapped to a pane, most recently heard last. */
  inPane(pane: PaneKey): ClaudeSessionContext[] {
    return [...this.sessions.values()].filter((s) => s.pane === pane);
  }

  /** Every known session. */
  all(): ClaudeSessionContext[] {
    return [...this.sessions.values()];
  }

  private evict(): void {
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
  }
}

/** This machine's sessions by their id; a host's by host and id (host names hold no `\n`). */
function sessionKey(sessionId: string, host: string | null): string {
  return host === null ? sessionId : `@${host}\n${sessionId}`;
}
