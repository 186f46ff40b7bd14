/**
 * Schemas for the Claude Code hook payloads seen in the fixtures (2.1.197 and 2.1.329). Every
 * object is loose: Claude adds fields between versions and an unknown field must never make us
 * drop an event. The fields we act on are required and typed; a payload without them is refused
 * (schema-invalid) rather than half-understood.
 */
import { z } from 'zod';

/** Every hook event we know (and can install). */
export const HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'Notification',
  'MessageDisplay',
  'Stop',
  'SessionEnd',
] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];

/**
 * How long a field we keep may be. A hook can come from another machine (a host's forwarded socket
 * takes 4 MiB a call) and the engine keeps up to 1000 sessions' context: without a bound per field,
 * 1000 hooks of 1 MB each held over 1 GB. Identifiers, paths and names longer than anything Claude
 * sends are refused (the payload is not Claude's); free text is kept cut (hook-signal.ts).
 */
export const HOOK_FIELD_LIMITS = {
  /** session_id (a UUID), tool_name. */
  id: 256,
  /** transcript_path, cwd (Linux's PATH_MAX). */
  path: 4096,
  /** source, reason, notification_type: one of a few words. */
  word: 200,
  /** last_assistant_message and a notification's message, as kept (longer text is cut). */
  message: 16 * 1024,
} as const;

const toolInput = z.record(z.string(), z.unknown());
const word = z.string().max(HOOK_FIELD_LIMITS.word);
const toolName = z.string().min(1).max(HOOK_FIELD_LIMITS.id);

const common = {
  session_id: z.string().min(1).max(HOOK_FIELD_LIMITS.id),
  transcript_path: z.string().max(HOOK_FIELD_LIMITS.path).optional(),
  cwd: z.string().max(HOOK_FIELD_LIMITS.path).optional(),
};

const sessionStart = z.looseObject({ ...common, hook_event_name: z.literal('SessionStart'), source: word.optional() });
const userPromptSubmit = z.looseObject({ ...common, hook_event_name: z.literal('UserPromptSubmit'), prompt: z.string().optional() });
const preToolUse = z.looseObject({
  ...common,
  hook_event_name: z.literal('PreToolUse'),
  tool_name: toolName,
  tool_input: toolInput.optional(),
});
const permissionRequest = z.looseObject({
  ...common,
  hook_event_name: z.literal('PermissionRequest'),
  tool_name: toolName,
  tool_input: toolInput,
});
const postToolUse = z.looseObject({
  ...common,
  hook_event_name: z.literal('PostToolUse'),
  tool_name: toolName,
  tool_input: toolInput.optional(),
});
const postToolUseFailure = z.looseObject({
  ...common,
  hook_event_name: z.literal('PostToolUseFailure'),
  tool_name: toolName,
  tool_input: toolInput.optional(),
});
const postToolBatch = z.looseObject({ ...common, hook_event_name: z.literal('PostToolBatch') });
// Older releases sent Notification without notification_type; the message was always there.
const notification = z.looseObject({
  ...common,
  hook_event_name: z.literal('Notification'),
  message: z.string(),
  notification_type: word.optional(),
});
const messageDisplay = z.looseObject({ ...common, hook_event_name: z.literal('MessageDisplay') });
const stop = z.looseObject({ ...common, hook_event_name: z.literal('Stop'), last_assistant_message: z.string().nullable().optional() });
const sessionEnd = z.looseObject({ ...common, hook_event_name: z.literal('SessionEnd'), reason: word.optional() });

const hookPayloadSchema = z.discriminatedUnion('hook_event_name', [
  sessionStart,
  userPromptSubmit,
  preToolUse,
  permissionRequest,
  postToolUse,
  postToolUseFailure,
  postToolBatch,
  notification,
  messageDisplay,
  stop,
  sessionEnd,
]);

/** A validated hook payload (unknown extra fields kept). */
export type HookPayload = z.infer<typeof hookPayloadSchema>;

/** Validation result: the payload, or why it was refused. */
export type HookParse =
  | { readonly ok: true; readonly payload: HookPayload }
  | { readonly ok: false; readonly reason: 'schema-invalid' | 'unknown-event'; readonly message: string };

/** True for the names in HOOK_EVENTS. */
export function isHookEventName(name: unknown): name is HookEventName {
  return typeof name === 'string' && (HOOK_EVENTS as readonly string[]).includes(name);
}

/** Validate a hook payload as Claude Code sent it on stdin. */
export function parseHookPayload(value: unknown): HookParse {
  const name = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['hook_event_name'] : undefined;
  if (typeof name === 'string' && !isHookEventName(name)) {
    return { ok: false, reason: 'unknown-event', message: `unknown hook event ${JSON.stringify(name.slice(0, 60))}` };
  }
  const parsed = hookPayloadSchema.safeParse(value);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
  return { ok: false, reason: 'schema-invalid', message: `hook payload invalid: ${issues.join('; ')}` };
}
