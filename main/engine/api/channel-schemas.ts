/**
 * The shape of every channel's arguments, as zod schemas tied to the contract's types: a schema
 * that drifts from `ApiArgs` is a compile error. Both doors use them — the shell's IPC handlers and
 * the loopback HTTP API — so a call refused on one is refused on the other, with the same
 * `invalid` envelope. Shapes and bounds only; the engine validates meaning (a settings file that
 * does not make sense answers `invalid` with issues).
 */
import { z } from 'zod';
import type { ApiArgs } from '../../../preload/contract/api.ts';
import type { Channel } from '../../../preload/contract/channels.ts';
import type { Envelope, ValidationIssue } from '../../../preload/contract/envelope.ts';
import { fail } from '../../../preload/contract/envelope.ts';
import { typedTextProblem } from '../actions/typed-text.ts';
import { MAX_SNOOZE_MS } from '../config/duration.ts';
import { RUNTIME_IDS } from '../runtimes/types.ts';
import { LOOP_MODES } from '../store/types.ts';

const id = z.string().min(1).max(200);
/** Text that will be typed into an agent: no control characters but newline and tab, at most MAX_TYPED_TEXT. */
const typedText = z.string().superRefine((text, ctx) => {
  const problem = typedTextProblem(text);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});
const ms = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const none = z.strictObject({});
const paneKey = z.string().min(1).max(4096);
const promptAction = z.strictObject({ id, fingerprint: z.string().min(1).max(4096) });
const accelerator = z.string().max(100).nullable();

const settings = z.strictObject({
  hotkeys: z.strictObject({ jumpOldest: accelerator, openQueue: accelerator }),
  reminders: z.strictObject({ cadenceMs: z.array(ms).max(50) }),
  notifications: z.strictObject({ enabled: z.boolean(), sound: z.boolean(), actionButtons: z.boolean() }),
  terminal: z.strictObject({ command: z.string().max(4096).nullable() }),
  tmux: z.strictObject({ includeDefault: z.boolean(), sockets: z.array(z.string().min(1).max(4096)).max(100) }),
  watchdog: z.strictObject({
    enabled: z.boolean(),
    message: typedText.pipe(z.string().max(10_000)),
    backoffMs: z.array(ms).max(50),
    capMs: ms,
    maxTries: z.number().int().min(0).max(1000),
    humanActiveMs: ms,
    dismissKnownDialogs: z.boolean(),
  }),
  restart: z.strictObject({ defaultRuntime: z.enum(RUNTIME_IDS).nullable() }),
  phone: z.strictObject({ tail: z.boolean(), afterMs: ms }),
});

/** One schema per channel. */
export const ARG_SCHEMAS = {
  'queue:list': none,
  'item:approve': promptAction,
  // The message is typed into the agent like a reply, so the same bounds and the same refusal of controls.
  'item:deny': z.strictObject({ ...promptAction.shape, message: typedText.pipe(z.string().min(1)).optional() }),
  // A reply is typed into an agent: generous, but bounded (a paste of a whole file is a mistake).
  'item:reply': z.strictObject({ id, text: typedText.pipe(z.string().min(1)) }),
  // A tmux client name is its tty (`/dev/pts/3`) or a control client's name: no spaces, no quotes.
  'item:jump': z.strictObject({
    id,
    client: z
      .string()
      .regex(/^[\w./:-]{1,200}$/)
      .optional(),
  }),
  'item:skip': z.strictObject({ id }),
  'item:snooze': z.strictObject({ id, forMs: z.number().int().min(1).max(MAX_SNOOZE_MS) }),
  'item:restart': z.strictObject({ id, runtime: z.enum(RUNTIME_IDS).nullable() }),
  'pane:mute': z.strictObject({ paneKey, muted: z.boolean() }),
  'pane:loop': z.strictObject({ paneKey, mode: z.enum(LOOP_MODES), directive: typedText.nullable() }),
  'pane:wake': z.strictObject({ paneKey, text: typedText.pipe(z.string().min(1)) }),
  'agents:list': none,
  'settings:get': none,
  'settings:set': z.strictObject({ settings }),
  'hooks:status': none,
  'hooks:install': none,
  'hooks:uninstall': none,
  'activity:get': z.strictObject({ since: ms }),
  'audit:list': z.strictObject({ limit: z.number().int().min(1).max(1000), before: z.number().int().min(0).nullable() }),
  // The token's shape is judged by the engine, whose message never quotes it (a schema message could).
  'phone:pair': z.strictObject({ token: z.string().min(1).max(400), apiBase: z.string().min(1).max(2048).nullable() }),
  'phone:pairing': z.strictObject({ pairingId: id }),
  'phone:confirm': z.strictObject({ pairingId: id }),
  'phone:cancel': z.strictObject({ pairingId: id }),
  'phone:unpair': none,
  'slack:status': none,
  // Each token's shape is judged by the engine, whose message never quotes it (a schema message could).
  'slack:pair': z.strictObject({
    botToken: z.string().min(1).max(400).nullable(),
    appToken: z.string().min(1).max(400).nullable(),
    apiBase: z.string().min(1).max(2048).nullable(),
  }),
  'slack:pairing': z.strictObject({ pairingId: id }),
  'slack:confirm': z.strictObject({ pairingId: id }),
  'slack:cancel': z.strictObject({ pairingId: id }),
  'slack:test': none,
  'slack:unpair': none,
} satisfies { readonly [C in Channel]: z.ZodType<ApiArgs<C>> };

/** The channel's arguments, checked; or the `invalid` envelope naming every problem. */
export function validateArgs<C extends Channel>(
  channel: C,
  args: unknown,
): { ok: true; args: ApiArgs<C> } | { ok: false; envelope: Envelope<never> } {
  const parsed = (ARG_SCHEMAS[channel] as z.ZodType).safeParse(args);
  if (parsed.success) return { ok: true, args: parsed.data as ApiArgs<C> };
  const issues: ValidationIssue[] = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return { ok: false, envelope: fail('invalid', `bad arguments for ${channel}`, issues) };
}
