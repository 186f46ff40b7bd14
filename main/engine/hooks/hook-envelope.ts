/**
 * The envelope bin/trailboss-hook.mjs posts: Claude's stdin payload plus what only the hook's own
 * process can see — which tmux pane and server it runs in, and its parent pid (the shell Claude
 * spawned it through) for pid-ancestry mapping. Keep in sync with the forwarder script.
 */
import { z } from 'zod';

const envelopeSchema = z.looseObject({
  v: z.literal(1),
  /** The event name the hook command was installed for (argv); the payload's own name wins. */
  event: z.string().max(64).nullable().optional(),
  /** `$TMUX_PANE` (`%12`), null outside tmux. */
  tmuxPane: z
    .string()
    .regex(/^%\d+$/)
    .nullable(),
  /** Socket path from `$TMUX` (`/tmp/tmux-1000/default`), null outside tmux. */
  tmuxSocket: z.string().max(4096).nullable(),
  /** The forwarder's parent pid. */
  ppid: z.number().int().positive().nullable(),
  payload: z.unknown(),
});

/** A forwarded hook before the payload is validated. */
export type HookEnvelope = z.infer<typeof envelopeSchema>;

/** Where the hook ran: the mapping inputs the envelope carries. */
export interface HookOrigin {
  readonly tmuxPane: string | null;
  readonly tmuxSocket: string | null;
  readonly ppid: number | null;
}

/** Validate an envelope; the payload inside is still `unknown`. */
export function parseHookEnvelope(value: unknown): { ok: true; envelope: HookEnvelope } | { ok: false; message: string } {
  const parsed = envelopeSchema.safeParse(value);
  if (parsed.success) return { ok: true, envelope: parsed.data };
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(envelope)'}: ${i.message}`);
  return { ok: false, message: `hook envelope invalid: ${issues.join('; ')}` };
}
