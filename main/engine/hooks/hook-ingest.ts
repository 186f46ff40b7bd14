/**
 * POST /hooks/claude (and /hooks/codex: Codex 0.169 sends Claude's payload shape, verified in
 * test/fixtures/hooks/codex): validates the forwarded envelope and payload, answers 202 at once, and only
 * then hands the delivery to the engine — a hook must never wait on our state machine.
 */
import type { Clock } from '../platform/clock.ts';
import type { HookSignal } from '../sessions/facts.ts';
import { HOOK_PATH } from '../http/endpoint-file.ts';
import type { HookEventCounter } from './hook-event-counter.ts';
import type { HookOrigin } from './hook-envelope.ts';
import { parseHookEnvelope } from './hook-envelope.ts';
import type { HookEventName, HookPayload } from './hook-schemas.ts';
import { parseHookPayload } from './hook-schemas.ts';
import { hookToSignal } from './hook-signal.ts';
import { ApiRefusal } from '../http/router.ts';
import type { LoopbackServer } from '../http/server.ts';

/** One accepted hook, ready for session mapping and the state machine. */
export interface HookDelivery {
  /** Epoch ms the engine received it. */
  readonly at: number;
  readonly event: HookEventName;
  readonly sessionId: string;
  readonly origin: HookOrigin;
  readonly payload: HookPayload;
  /** Null for events that carry no state (MessageDisplay, PostToolBatch). */
  readonly signal: HookSignal | null;
}

/** What the ingest route needs. */
export interface HookIngestDeps {
  readonly clock: Clock;
  readonly counter: HookEventCounter;
  /** Called after the response is sent, once per accepted hook, in arrival order. */
  readonly deliver: (delivery: HookDelivery) => void;
}

/** Register the hook ingest route on the server (Claude's path unless another is given). */
export function registerHookIngest(server: LoopbackServer, deps: HookIngestDeps, path: string = HOOK_PATH): void {
  server.route('POST', path, (req) => {
    const at = deps.clock.now();
    const envelope = parseHookEnvelope(req.body);
    if (!envelope.ok) throw new ApiRefusal('schema-invalid', envelope.message);
    const parsed = parseHookPayload(envelope.envelope.payload);
    if (!parsed.ok) throw new ApiRefusal(parsed.reason, parsed.message);
    const payload = parsed.payload;
    const { tmuxPane, tmuxSocket, ppid } = envelope.envelope;
    deps.counter.record(payload.hook_event_name, at);
    return {
      status: 202,
      body: { ok: true, value: { accepted: payload.hook_event_name } },
      after: () =>
        deps.deliver({
          at,
          event: payload.hook_event_name,
          sessionId: payload.session_id,
          origin: { tmuxPane, tmuxSocket, ppid },
          payload,
          signal: hookToSignal(payload),
        }),
    };
  });
}
