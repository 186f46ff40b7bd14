/** Reduces a validated hook payload to the HookSignal the session state machine consumes. */
import type { HookSignal } from '../sessions/facts.ts';
import { boundedText } from '../text/bounded-text.ts';
import type { HookPayload } from './hook-schemas.ts';
import { HOOK_FIELD_LIMITS } from './hook-schemas.ts';
import { toolSubject } from './tool-subject.ts';

/**
 * The signal a hook carries, or null for events that say nothing about state (MessageDisplay
 * streams text; PostToolBatch follows a PostToolUse that already said "working").
 */
export function hookToSignal(payload: HookPayload): HookSignal | null {
  switch (payload.hook_event_name) {
    case 'PermissionRequest':
      return { kind: 'permission-request', tool: payload.tool_name, subject: toolSubject(payload.tool_name, payload.tool_input) };
    case 'Stop':
      return { kind: 'stop', lastAssistantMessage: message(payload.last_assistant_message ?? null) };
    case 'UserPromptSubmit':
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return { kind: 'working', event: payload.hook_event_name };
    case 'PostToolBatch':
    case 'MessageDisplay':
      return null;
    case 'Notification':
      return {
        kind: 'notification',
        notificationType: payload.notification_type ?? 'unspecified',
        message: message(payload.message) ?? '',
      };
    case 'SessionStart':
      return { kind: 'session-start', source: payload.source ?? null };
    case 'SessionEnd':
      return { kind: 'session-end', reason: payload.reason ?? null };
    default: {
      // Exhaustiveness: a new event in HOOK_EVENTS without a case here fails to compile.
      const unhandled: never = payload;
      throw new Error(`unhandled hook event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** Free text as kept: cut at HOOK_FIELD_LIMITS.message, and never a view into the payload it came from. */
function message(text: string | null): string | null {
  return text === null ? null : boundedText(text, HOOK_FIELD_LIMITS.message);
}
