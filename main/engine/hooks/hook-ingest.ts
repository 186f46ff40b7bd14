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
import { cleanExternalValue } from '../text/clean-text.ts';

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
  /**
   * The configured host it came from (its forwarded socket, hosts/host-hook-socket.ts); null for
   * this machine's loopback. Only that host's panes may take it (truth/hook-delivery.ts).
   */
  readonly host: string | null;
}

/** A request body read as a delivery, or why it is refused (the ApiRefusal code and message). */
export type HookReading =
  | { readonly ok: true; readonly delivery: HookDelivery }
  | { readonly ok: false; readonly reason: 'schema-invalid' | 'unknown-event'; readonly message: string };

/**
 * An agent's own payload turned into the Claude payload of the same meaning (Gemini CLI's, Copilot CLI's hooks);
 * `event` is the name the hook was installed for (the forwarder's argv), for payloads that do not carry one.
 */
export type PayloadTranslation = (raw: unknown, event: string | null) => unknown;

/**
 * Validate a forwarded body into a delivery received at `at` from `host` (null: this machine); `translate`
 * first for agents whose events have other names.
 */
export function readHookDelivery(body: unknown, at: number, host: string | null, translate?: PayloadTranslation): HookReading {
  const envelope = parseHookEnvelope(body);
  if (!envelope.ok) return { ok: false, reason: 'schema-invalid', message: envelope.message };
  // Cleaned at the door: nothing downstream (subject, question, message, paths) sees a raw control.
  const cleaned = cleanExternalValue(envelope.envelope.payload);
  const parsed = parseHookPayload(translate ? translate(cleaned, envelope.envelope.event ?? null) : cleaned);
  if (!parsed.ok) return { ok: false, reason: parsed.reason, message: parsed.message };
  const payload = parsed.payload;
  const { tmuxPane, tmuxSocket, ppid } = envelope.envelope;
  return {
    ok: true,
    delivery: {
      at,
      event: payload.hook_event_name,
      sessionId: payload.session_id,
      origin: { tmuxPane, tmuxSocket, ppid },
      payload,
      signal: hookToSignal(payload),
      host,
    },
  };
}

/** What the ingest route needs. */
export interface HookIngestDeps {
  readonly clock: Clock;
  readonly counter: HookEventCounter;
  /** Called after the response is sent, once per accepted hook, in arrival order. */
  readonly deliver: (delivery: HookDelivery) => void;
}

/** Register the hook ingest route on the server (Claude's path unless another is given). */
export function registerHookIngest(
  server: LoopbackServer,
  deps: HookIngestDeps,
  path: string = HOOK_PATH,
  translate?: PayloadTranslation,
): void {
  server.route('POST', path, (req) => {
    const reading = readHookDelivery(req.body, deps.clock.now(), null, translate);
    if (!reading.ok) throw new ApiRefusal(reading.reason, reading.message);
    const { delivery } = reading;
    deps.counter.record(delivery.event, delivery.at);
    return {
      status: 202,
      body: { ok: true, value: { accepted: delivery.event } },
      after: () => deps.deliver(delivery),
    };
  });
}
