/**
 * What we know about each Claude session heard from, watched or not. A hook from a session in a
 * watched pane becomes a `hook` Fact for that pane's state machine; one from a session in no
 * watched pane only updates the context here (transcript path, last assistant message) — never a
 * queue item nobody could act on. When the pane is enrolled later, the context is waiting.
 * Sessions are kept per host (a delivery's `host`): a session id heard from one host never reaches
 * the context, or the last pane, of a session on another host or on this machine.
 *
 * Bounded in count (1000 sessions) and in size: every field is bounded where the hook is read
 * (hooks/hook-schemas.ts HOOK_FIELD_LIMITS), so one session's context is at most MAX_SESSION_BYTES,
 * and the sessions of one host (this machine is one too) together at most MAX_HOST_BYTES: a host
 * sending large hooks pushes out its own least recently heard sessions, never another host's.
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

/** What one session's context may hold, counted as `contextBytes` counts (two bytes a character). */
export const MAX_SESSION_BYTES = 96 * 1024;
/** What the sessions of one host (null: this machine) may hold together. */
export const MAX_HOST_BYTES = 8 * 1024 * 1024;

/** The memory a context's strings take at most (V8 keeps a string in one or two bytes a character). */
export function contextBytes(c: ClaudeSessionContext): number {
  const signal = c.lastSignal;
  const signalText =
    signal === null
      ? []
      : signal.kind === 'permission-request'
        ? [signal.tool, signal.subject]
        : signal.kind === 'stop'
          ? [signal.lastAssistantMessage]
          : signal.kind === 'notification'
            ? [signal.notificationType, signal.message]
            : signal.kind === 'session-start'
              ? [signal.source]
              : signal.kind === 'session-end'
                ? [signal.reason]
                : [];
  const texts = [c.sessionId, c.host, c.pane, c.transcriptPath, c.cwd, c.lastAssistantMessage, ...signalText];
  return texts.reduce((sum, t) => sum + 2 * (t?.length ?? 0), 0);
}

/** In-memory directory of sessions, bounded (the least recently heard are dropped first). */
export class ClaudeSessionDirectory {
  private readonly sessions = new Map<string, ClaudeSessionContext>();
  private readonly bytesOf = new Map<string, number>();
  private readonly hostBytes = new Map<string | null, number>();

  constructor(
    private readonly maxSessions = 1000,
    private readonly maxHostBytes = MAX_HOST_BYTES,
  ) {}

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
    this.forget(key);
    this.sessions.set(key, context);
    const bytes = contextBytes(context);
    this.bytesOf.set(key, bytes);
    this.hostBytes.set(context.host, (this.hostBytes.get(context.host) ?? 0) + bytes);
    this.evict(context.host);
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

  /** How many sessions and how many bytes (`contextBytes`) are held, in all and per host. */
  sizes(): { sessions: number; bytes: number; bytesByHost: Map<string | null, number> } {
    let bytes = 0;
    for (const b of this.hostBytes.values()) bytes += b;
    return { sessions: this.sessions.size, bytes, bytesByHost: new Map(this.hostBytes) };
  }

  private forget(key: string): void {
    const context = this.sessions.get(key);
    if (context === undefined) return;
    this.sessions.delete(key);
    const left = (this.hostBytes.get(context.host) ?? 0) - (this.bytesOf.get(key) ?? 0);
    if (left > 0) this.hostBytes.set(context.host, left);
    else this.hostBytes.delete(context.host);
    this.bytesOf.delete(key);
  }

  /** Drop the least recently heard: any host's past the count, `host`'s own past its bytes. */
  private evict(host: string | null): void {
    while (this.sessions.size > this.maxSessions) this.forget(this.sessions.keys().next().value as string);
    for (const [key, context] of this.sessions) {
      if ((this.hostBytes.get(host) ?? 0) <= this.maxHostBytes) break;
      if (context.host === host) this.forget(key);
    }
  }
}

/** This machine's sessions by their id; a host's by host and id (host names hold no `\n`). */
function sessionKey(sessionId: string, host: string | null): string {
  return host === null ? sessionId : `@${host}\n${sessionId}`;
}
