/** The settings form as text fields, and the conversion back to a SettingsDto. Pure, so it is tested. */
import type { RuntimeIdDto, SettingsDto, ValidationIssue } from '../../../preload/contract/index.ts';
import { formatDuration, parseDuration, parseDurationList } from '../../../client/format/age.ts';

/** What the form edits: text where the user types, booleans for checkboxes. */
export interface SettingsDraft {
  readonly jumpOldest: string;
  readonly openQueue: string;
  readonly cadence: string;
  readonly notificationsEnabled: boolean;
  readonly sound: boolean;
  readonly actionButtons: boolean;
  readonly terminalCommand: string;
  readonly includeDefault: boolean;
  /** One socket path per line. */
  readonly sockets: string;
  readonly watchdogEnabled: boolean;
  readonly watchdogMessage: string;
  readonly backoff: string;
  readonly cap: string;
  readonly maxTries: string;
  readonly humanActive: string;
  readonly dismissKnownDialogs: boolean;
  readonly restartRuntime: RuntimeIdDto | '';
  readonly phoneTail: boolean;
  /** Send only items waiting at least this long (a duration; 0 = all). */
  readonly phoneAfter: string;
}

/** The engine's setting path each draft field edits, so engine issues land next to the right field. */
export const FIELD_PATHS: Readonly<Record<keyof SettingsDraft, string>> = {
  jumpOldest: 'hotkeys.jumpOldest',
  openQueue: 'hotkeys.openQueue',
  cadence: 'reminders.cadenceMs',
  notificationsEnabled: 'notifications.enabled',
  sound: 'notifications.sound',
  actionButtons: 'notifications.actionButtons',
  terminalCommand: 'terminal.command',
  includeDefault: 'tmux.includeDefault',
  sockets: 'tmux.sockets',
  watchdogEnabled: 'watchdog.enabled',
  watchdogMessage: 'watchdog.message',
  backoff: 'watchdog.backoffMs',
  cap: 'watchdog.capMs',
  maxTries: 'watchdog.maxTries',
  humanActive: 'watchdog.humanActiveMs',
  dismissKnownDialogs: 'watchdog.dismissKnownDialogs',
  restartRuntime: 'restart.defaultRuntime',
  phoneTail: 'phone.tail',
  phoneAfter: 'phone.afterMs',
};

const list = (ms: readonly number[]) => ms.map(formatDuration).join(', ');

/** The draft for some settings. */
export function toDraft(s: SettingsDto): SettingsDraft {
  return {
    jumpOldest: s.hotkeys.jumpOldest ?? '',
    openQueue: s.hotkeys.openQueue ?? '',
    cadence: list(s.reminders.cadenceMs),
    notificationsEnabled: s.notifications.enabled,
    sound: s.notifications.sound,
    actionButtons: s.notifications.actionButtons,
    terminalCommand: s.terminal.command ?? '',
    includeDefault: s.tmux.includeDefault,
    sockets: s.tmux.sockets.join('\n'),
    watchdogEnabled: s.watchdog.enabled,
    watchdogMessage: s.watchdog.message,
    backoff: list(s.watchdog.backoffMs),
    cap: formatDuration(s.watchdog.capMs),
    maxTries: String(s.watchdog.maxTries),
    humanActive: formatDuration(s.watchdog.humanActiveMs),
    dismissKnownDialogs: s.watchdog.dismissKnownDialogs,
    restartRuntime: s.restart.defaultRuntime ?? '',
    phoneTail: s.phone.tail,
    phoneAfter: s.phone.afterMs === 0 ? '0' : formatDuration(s.phone.afterMs),
  };
}

/**
 * Settings from a draft, or the issues that stop it (text that is not a duration or a number).
 * Everything else — ranges, accelerator syntax, paths — the engine validates; its issues use the same paths.
 */
export function fromDraft(d: SettingsDraft): { ok: true; settings: SettingsDto } | { ok: false; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const durations = (field: keyof SettingsDraft, text: string): number[] => {
    const r = parseDurationList(text);
    if (!r.ok) issues.push({ path: FIELD_PATHS[field], message: r.error });
    return r.ok ? r.values : [];
  };
  const duration = (field: keyof SettingsDraft, text: string): number => {
    const ms = parseDuration(text);
    if (ms === null) issues.push({ path: FIELD_PATHS[field], message: `"${text}" is not a duration (use e.g. 30s, 5m, 2h)` });
    return ms ?? 0;
  };
  const maxTries = /^\s*\d+\s*$/.test(d.maxTries) ? Number(d.maxTries) : NaN;
  if (Number.isNaN(maxTries)) issues.push({ path: FIELD_PATHS.maxTries, message: 'Enter a whole number' });
  const orNull = (t: string) => (t.trim() === '' ? null : t.trim());

  const settings: SettingsDto = {
    hotkeys: { jumpOldest: orNull(d.jumpOldest), openQueue: orNull(d.openQueue) },
    reminders: { cadenceMs: durations('cadence', d.cadence) },
    notifications: { enabled: d.notificationsEnabled, sound: d.sound, actionButtons: d.actionButtons },
    terminal: { command: orNull(d.terminalCommand) },
    tmux: {
      includeDefault: d.includeDefault,
      sockets: d.sockets
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== ''),
    },
    watchdog: {
      enabled: d.watchdogEnabled,
      message: d.watchdogMessage,
      backoffMs: durations('backoff', d.backoff),
      capMs: duration('cap', d.cap),
      maxTries,
      humanActiveMs: duration('humanActive', d.humanActive),
      dismissKnownDialogs: d.dismissKnownDialogs,
    },
    restart: { defaultRuntime: d.restartRuntime === '' ? null : d.restartRuntime },
    phone: { tail: d.phoneTail, afterMs: d.phoneAfter.trim() === '0' ? 0 : duration('phoneAfter', d.phoneAfter) },
  };
  return issues.length > 0 ? { ok: false, issues } : { ok: true, settings };
}

/** The issues that belong to one field (its path, or anything under it such as `tmux.sockets.2`). */
export function issuesFor(issues: readonly ValidationIssue[], field: keyof SettingsDraft): ValidationIssue[] {
  const path = FIELD_PATHS[field];
  return issues.filter((i) => i.path === path || i.path.startsWith(`${path}.`));
}

/** Issues that match no field (shown above the form, so none is ever hidden). */
export function unplacedIssues(issues: readonly ValidationIssue[]): ValidationIssue[] {
  const paths = Object.values(FIELD_PATHS);
  return issues.filter((i) => !paths.some((p) => i.path === p || i.path.startsWith(`${p}.`)));
}
