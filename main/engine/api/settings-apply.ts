/**
 * `settings:get` and `settings:set` over the config file. Set checks the DTO's shape, writes its
 * fields into the file's own JSON (keys the form does not show survive), validates the result with
 * the config schema, saves atomically, and has the engine's ConfigWatcher apply it at once.
 * Problems come back as `invalid` with issues in the DTO's dotted paths.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Envelope, ValidationIssue } from '../../../preload/contract/envelope.ts';
import { fail, ok } from '../../../preload/contract/envelope.ts';
import type { PhoneStatusDto, SettingsDto, SettingsStateDto } from '../../../preload/contract/settings.ts';
import type { Config, ConfigIssue } from '../config/index.ts';
import { loadConfig, parseConfigText, saveConfig } from '../config/index.ts';
import { parseJsonc } from '../config/jsonc-text.ts';
import type { ConfigInput } from '../config/schema.ts';
import type { Logger } from '../platform/log.ts';
import { RUNTIME_IDS } from '../runtimes/types.ts';
import { configWithSettings, dtoMessage, dtoPath, settingsState } from './settings-view.ts';

/** What settings need from the engine. */
export interface SettingsDeps {
  readonly file: string;
  /** The config in force (the last good one). */
  readonly current: () => Config;
  /** Re-read the file now and apply it (the ConfigWatcher's reload); the watcher would also see the write a moment later. */
  readonly reload?: () => void;
  readonly logger: Logger;
  /** The Telegram pairing as the view shows it; absent: not paired. */
  readonly phoneStatus?: () => PhoneStatusDto;
}

const ms = z.number().int().min(0);
/** The DTO's shape. Meaning (ranges, accelerators, order) is the config schema's to judge. */
const settingsShape = z.strictObject({
  hotkeys: z.strictObject({ jumpOldest: z.string().nullable(), openQueue: z.string().nullable() }),
  reminders: z.strictObject({ cadenceMs: z.array(ms) }),
  notifications: z.strictObject({ enabled: z.boolean(), sound: z.boolean(), actionButtons: z.boolean() }),
  terminal: z.strictObject({ command: z.string().nullable() }),
  tmux: z.strictObject({ includeDefault: z.boolean(), sockets: z.array(z.string()) }),
  watchdog: z.strictObject({
    enabled: z.boolean(),
    message: z.string(),
    backoffMs: z.array(ms).min(1, { message: 'give at least one wait' }),
    capMs: ms,
    maxTries: z.number().int(),
    humanActiveMs: ms,
    dismissKnownDialogs: z.boolean(),
  }),
  restart: z.strictObject({ defaultRuntime: z.enum(RUNTIME_IDS).nullable() }),
  phone: z.strictObject({ tail: z.boolean(), afterMs: ms }),
});

/** The problems with the file on disk in one line, or null when it is valid (or absent: defaults). */
export function fileLoadError(file: string): string | null {
  const result = loadConfig(file);
  if (result.ok) return null;
  return `${file}: ${describe(result.errors)} — the last good config stays in force`;
}

function describe(errors: readonly ConfigIssue[]): string {
  return errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
}

/** `settings:get`: the config in force, and why the file is not it when it is bad. */
export function readSettings(deps: SettingsDeps): SettingsStateDto {
  return settingsState(deps.current(), deps.file, fileLoadError(deps.file), deps.phoneStatus?.());
}

/**
 * The file's JSON to write into: the file itself when it is valid (or absent), else the config in
 * force — a bad file is copied to `<file>.bad` first, so hand edits are never lost.
 */
export function configFileBase(deps: Pick<SettingsDeps, 'file' | 'current' | 'logger'>): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(deps.file, 'utf8');
  } catch (error) {
    // Absent: start from nothing (defaults stay defaults). Unreadable: the save will say why.
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
      ? {}
      : (JSON.parse(JSON.stringify(deps.current())) as Record<string, unknown>);
  }
  if (parseConfigText(text).ok) {
    // Valid config text may hold comments: read it as JSONC, not with JSON.parse.
    const parsed = parseJsonc(text.replace(/^\uFEFF/, ''));
    if (parsed.ok) return parsed.value as Record<string, unknown>;
  }
  copyFileSync(deps.file, `${deps.file}.bad`);
  deps.logger.log('warn', 'settings.replaced-bad-file', { file: deps.file, backup: `${deps.file}.bad` });
  return JSON.parse(JSON.stringify(deps.current())) as Record<string, unknown>;
}

function invalid(issues: readonly ValidationIssue[]): Envelope<never> {
  const first = issues[0];
  const summary = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'invalid settings';
  return fail('invalid', `settings not saved: ${summary}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`, issues);
}

/** `settings:set`: validate, save atomically, apply. Nothing is written when anything is wrong. */
export function applySettings(deps: SettingsDeps, input: unknown): Envelope<SettingsStateDto> {
  const shape = settingsShape.safeParse(input);
  if (!shape.success) return invalid(shape.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
  const settings: SettingsDto = shape.data;
  const candidate = configWithSettings(configFileBase(deps), settings);
  const saved = saveConfig(deps.file, candidate as ConfigInput);
  if (!saved.ok) {
    const writeFailure = saved.errors.find((e) => e.path === '' && e.message.startsWith('cannot write'));
    if (writeFailure) return fail('unavailable', writeFailure.message);
    return invalid(saved.errors.map((e) => ({ path: dtoPath(e.path), message: dtoMessage(e.message) })));
  }
  deps.reload?.();
  return ok(settingsState(saved.config, deps.file, null, deps.phoneStatus?.()));
}
