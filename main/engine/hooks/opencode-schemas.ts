/**
 * Schemas for the opencode bus events our plugin forwards (bin/trailboss-opencode-plugin.js), as
 * opencode 1.18.33 sends them (test/fixtures/hooks/opencode): `{ id, type, properties }`. Every
 * object is loose — opencode adds fields between versions and an unknown field must never make us
 * drop an event — while the fields we act on are required and typed; a payload without them is
 * refused (schema-invalid) rather than half-understood.
 */
import { z } from 'zod';

/** The event types the plugin forwards and the engine accepts. */
export const OPENCODE_EVENTS = ['permission.asked', 'permission.replied', 'session.status'] as const;
export type OpencodeEventName = (typeof OPENCODE_EVENTS)[number];

const sessionID = z.string().min(1).max(200);

const permissionAsked = z.looseObject({
  type: z.literal('permission.asked'),
  properties: z.looseObject({
    id: z.string().min(1).max(200),
    sessionID,
    /** The permission asked for: `bash`, `edit`, `webfetch`, `external_directory`, … */
    permission: z.string().min(1).max(200),
    /** What it applies to: the command, the file, the URL, the directory glob. */
    patterns: z.array(z.string()).max(1000).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
});
const permissionReplied = z.looseObject({
  type: z.literal('permission.replied'),
  properties: z.looseObject({ sessionID, requestID: z.string().min(1).max(200), reply: z.string().max(64) }),
});
const sessionStatus = z.looseObject({
  type: z.literal('session.status'),
  properties: z.looseObject({ sessionID, status: z.looseObject({ type: z.string().max(64) }) }),
});

const opencodeEventSchema = z.discriminatedUnion('type', [permissionAsked, permissionReplied, sessionStatus]);

/** A validated opencode event (unknown extra fields kept). */
export type OpencodeEvent = z.infer<typeof opencodeEventSchema>;

/** Validation result: the event, or why it was refused. */
export type OpencodeParse =
  | { readonly ok: true; readonly event: OpencodeEvent }
  | { readonly ok: false; readonly reason: 'schema-invalid' | 'unknown-event'; readonly message: string };

/** True for the names in OPENCODE_EVENTS. */
export function isOpencodeEventName(name: unknown): name is OpencodeEventName {
  return typeof name === 'string' && (OPENCODE_EVENTS as readonly string[]).includes(name);
}

/** Validate one bus event as the plugin forwarded it. */
export function parseOpencodeEvent(value: unknown): OpencodeParse {
  const type = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['type'] : undefined;
  if (typeof type === 'string' && !isOpencodeEventName(type)) {
    return { ok: false, reason: 'unknown-event', message: `unknown opencode event ${JSON.stringify(type.slice(0, 60))}` };
  }
  const parsed = opencodeEventSchema.safeParse(value);
  if (parsed.success) return { ok: true, event: parsed.data };
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(event)'}: ${i.message}`);
  return { ok: false, reason: 'schema-invalid', message: `opencode event invalid: ${issues.join('; ')}` };
}
