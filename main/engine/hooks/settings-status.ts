/**
 * Pure `hooks status`: which of our events are in Claude's settings, whether each command is the
 * one we would write today and still points at files that exist, and when each event last
 * arrived. Shaped to convert directly into the contract's HooksStatusDto.
 */
import type { HookEventStats } from './hook-event-counter.ts';
import type { OwnedHookEntry } from './hook-command.ts';
import { ownedMarkerOf, parseForwarderCommand } from './hook-command.ts';
import { goneMountProblem } from './appimage-mount.ts';
import { hooksObject } from './settings-merge.ts';
import { SettingsError, isJsonObject, parseSettings } from './settings-json.ts';

/** One planned event. */
export interface HookEventStatus {
  readonly event: string;
  /** A forwarder command of ours is configured for this event. */
  readonly installed: boolean;
  /** …and it is exactly the command install would write now. */
  readonly upToDate: boolean;
  readonly command: string | null;
  /** Interpreter and script of the configured command exist; null when not installed or unreadable. */
  readonly commandPathsExist: boolean | null;
  readonly count: number;
  readonly lastAt: number | null;
}

/** The whole picture. */
export interface HooksStatus {
  /** `installed`: every planned event up to date and runnable; `absent`: none of ours; else `partial`. */
  readonly state: 'installed' | 'partial' | 'absent';
  readonly settingsPath: string;
  /** Planned events that are installed and up to date. */
  readonly events: readonly string[];
  /** Planned events missing, outdated or pointing at files that are gone. */
  readonly missing: readonly string[];
  readonly details: readonly HookEventStatus[];
  readonly lastHookAt: number | null;
  readonly problem: string | null;
}

/** What the status is computed from. */
export interface StatusInput {
  /** Settings text; null when the file does not exist. */
  readonly text: string | null;
  readonly settingsPath: string;
  readonly planned: readonly OwnedHookEntry[];
  readonly arrivals: Partial<Record<string, HookEventStats>>;
  readonly pathExists: (path: string) => boolean;
}

/** Compute the status. Never throws: an unreadable settings file becomes `problem`. */
export function hooksStatusOf(input: StatusInput): HooksStatus {
  let configured: Map<string, string[]>;
  let problem: string | null = null;
  try {
    configured = ourCommands(input.text, input.settingsPath);
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    configured = new Map();
    problem = err.message;
  }
  const details = input.planned.map((entry): HookEventStatus => {
    // One event may carry several of our entries (SessionStart: the forwarder and `prime`): match by marker too.
    const commands = configured.get(slot(entry.event, ownedMarkerOf(entry.command))) ?? [];
    const command = commands[0] ?? null;
    const parsed = command === null ? null : parseForwarderCommand(command);
    const arrivals = input.arrivals[entry.event];
    const upToDate = commands.length === 1 && command === entry.command;
    return {
      event: entry.event,
      installed: command !== null,
      upToDate,
      command,
      // Non-forwarder entries (prime) are written from the current paths: up to date means they point at them.
      commandPathsExist:
        parsed !== null ? input.pathExists(parsed.nodePath) && input.pathExists(parsed.scriptPath) : upToDate ? true : null,
      count: arrivals?.count ?? 0,
      lastAt: arrivals?.lastAt ?? null,
    };
  });
  const good = details.filter((d) => d.upToDate && d.commandPathsExist === true);
  const anyInstalled = details.some((d) => d.installed);
  const lastTimes = details.map((d) => d.lastAt).filter((t): t is number => t !== null);
  if (problem === null && good.length < details.length && anyInstalled) {
    problem =
      goneMountProblem(
        details.map((d) => d.command),
        input.pathExists,
      ) ??
      (details.some((d) => d.installed && d.commandPathsExist === false)
        ? 'a hook command points at a file that no longer exists: run `trailboss hooks install` again'
        : 'some hooks are missing or outdated: run `trailboss hooks install`');
  }
  return {
    state: good.length === details.length && details.length > 0 ? 'installed' : anyInstalled ? 'partial' : 'absent',
    settingsPath: input.settingsPath,
    events: [...new Set(good.map((d) => d.event))],
    missing: [...new Set(details.filter((d) => !good.includes(d)).map((d) => d.event))],
    details,
    lastHookAt: lastTimes.length > 0 ? Math.max(...lastTimes) : null,
    problem,
  };
}

/** Our forwarder commands per event. */
function ourCommands(text: string | null, label: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const hooks = hooksObject(parseSettings(text, label), label, false);
  if (hooks === null) return out;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      if (!isJsonObject(group) || !Array.isArray(group['hooks'])) continue;
      for (const hook of group['hooks']) {
        const marker = isJsonObject(hook) && typeof hook['command'] === 'string' ? ownedMarkerOf(hook['command']) : null;
        if (marker !== null && isJsonObject(hook)) {
          const key = slot(event, marker);
          out.set(key, [...(out.get(key) ?? []), hook['command'] as string]);
        }
      }
    }
  }
  return out;
}

function slot(event: string, marker: string | null): string {
  return `${event}\u0000${marker ?? 'hook'}`;
}
