/**
 * POST /hooks/opencode: the events our opencode plugin forwards (bin/trailboss-opencode-plugin.js),
 * in the forwarder's envelope. Validates envelope and event, records the arrival, answers 202
 * before any work, then hands the delivery to the engine — the plugin must never wait on our state
 * machine.
 */
import type { Clock } from '../platform/clock.ts';
import type { HookSignal } from '../sessions/facts.ts';
import { OPENCODE_HOOK_PATH } from '../http/endpoint-file.ts';
import { ApiRefusal } from '../http/router.ts';
import type { LoopbackServer } from '../http/server.ts';
import type { HookOrigin } from './hook-envelope.ts';
import { parseHookEnvelope } from './hook-envelope.ts';
import type { OpencodeEvent, OpencodeEventName } from './opencode-schemas.ts';
import { parseOpencodeEvent } from './opencode-schemas.ts';
import { opencodeToSignal } from './opencode-signal.ts';
import { cleanExternalValue } from '../text/clean-text.ts';

/** One accepted opencode event, ready for session mapping and the state machine. */
export interface OpencodeDelivery {
  /** Epoch ms the engine received it. */
  readonly at: number;
  readonly event: OpencodeEventName;
  readonly sessionId: string;
  readonly origin: HookOrigin;
  readonly payload: OpencodeEvent;
  /** Null for events that say nothing about state. */
  readonly signal: HookSignal | null;
}

/** Records arrivals per event name (for `hooks status --runtime opencode`). */
export interface ArrivalRecorder {
  record(event: OpencodeEventName, at: number): void;
}

/** What the ingest route needs. */
export interface OpencodeIngestDeps {
  readonly clock: Clock;
  readonly arrivals: ArrivalRecorder;
  /** Called after the response is sent, once per accepted event, in arrival order. */
  readonly deliver: (delivery: OpencodeDelivery) => void;
}

/** Register POST /hooks/opencode on the server. */
export function registerOpencodeIngest(server: LoopbackServer, deps: OpencodeIngestDeps): void {
  server.route('POST', OPENCODE_HOOK_PATH, (req) => {
    const at = deps.clock.now();
    const envelope = parseHookEnvelope(req.body);
    if (!envelope.ok) throw new ApiRefusal('schema-invalid', envelope.message);
    // Cleaned at the door: no text of the event reaches a surface with a raw control in it.
    const parsed = parseOpencodeEvent(cleanExternalValue(envelope.envelope.payload));
    if (!parsed.ok) throw new ApiRefusal(parsed.reason, parsed.message);
    const event = parsed.event;
    const { tmuxPane, tmuxSocket, ppid } = envelope.envelope;
    deps.arrivals.record(event.type, at);
    return {
      status: 202,
      body: { ok: true, value: { accepted: event.type } },
      after: () =>
        deps.deliver({
          at,
          event: event.type,
          sessionId: event.properties.sessionID,
          origin: { tmuxPane, tmuxSocket, ppid },
          payload: event,
          signal: opencodeToSignal(event),
        }),
    };
  });
}
