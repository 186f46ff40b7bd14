/**
 * The shape of every channel's arguments, as zod schemas tied to the contract's types: a schema
 * that drifts from `ApiArgs` is a compile error. Shapes and bounds only; the engine validates
 * meaning (a settings file that does not make sense answers `invalid` with issues).
 */
import { z } from 'zod';
import type { ApiArgs } from '../../../preload/contract/api.ts';
import type { Channel } from '../../../preload/contract/channels.ts';
import { RUNTIME_IDS } from '../../engine/runtimes/types.ts';
import { LOOP_MODES } from '../../engine/store/types.ts';

const id = z.string().min(1).max(200);
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
    message: z.string().max(10_000),
    backoffMs: z.array(ms).max(50),
    capMs: ms,
    maxTries: z.number().int().min(0).max(1000),
    humanActiveMs: ms,
    dismissKnownDialogs: z.boolean(),
  }),
  restart: z.strictObject({ defaultRuntime: z.enum(RUNTIME_IDS).nullable() }),
});

/** One schema per channel. */
export const ARG_SCHEMAS = {
  'queue:list': none,
  'item:approve': promptAction,
  'item:deny': promptAction,
  // A reply is typed into an agent: generous, but bounded (a paste of a whole file is a mistake).
  'item:reply': z.strictObject({ id, text: z.string().min(1).max(100_000) }),
  'item:jump': z.strictObject({ id }),
  'item:skip': z.strictObject({ id }),
  'item:snooze': z.strictObject({ id, forMs: z.number().int().min(1).max(30 * 24 * 3_600_000) }),
  'item:restart': z.strictObject({ id, runtime: z.enum(RUNTIME_IDS).nullable() }),
  'pane:mute': z.strictObject({ paneKey, muted: z.boolean() }),
  'pane:loop': z.strictObject({ paneKey, mode: z.enum(LOOP_MODES), directive: z.string().max(100_000).nullable() }),
  'pane:wake': z.strictObject({ paneKey, text: z.string().min(1).max(100_000) }),
  'agents:list': none,
  'settings:get': none,
  'settings:set': z.strictObject({ settings }),
  'hooks:status': none,
  'hooks:install': none,
  'hooks:uninstall': none,
  'activity:get': z.strictObject({ since: ms }),
  'audit:list': z.strictObject({ limit: z.number().int().min(1).max(1000), before: z.number().int().min(0).nullable() }),
} satisfies { readonly [C in Channel]: z.ZodType<ApiArgs<C>> };
