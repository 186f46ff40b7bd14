/**
 * `trailboss hooks install | uninstall | status` — the same functions the desktop settings view
 * calls. Pure merges (settings-merge.ts) over a thin file layer (settings-file.ts).
 *
 * `trailboss prime` comes in as `extraEntries` (runtime-layout.ts `hookCommandsFor` builds it); its
 * `# trailboss:prime` marker makes it ours: install refreshes it, uninstall removes it.
 */
import path from 'node:path';
import type { Clock } from '../platform/clock.ts';
import { exactOriginal } from './exact-original.ts';
import type { ForwarderSpec, OwnedHookEntry } from './hook-command.ts';
import { forwarderEntries } from './hook-command.ts';
import type { RuntimeLayout } from './runtime-layout.ts';
import { hookCommandsFor } from './runtime-layout.ts';
import type { HookEventCounter } from './hook-event-counter.ts';
import type { HookEventName } from './hook-schemas.ts';
import type { SettingsFiles } from './settings-file.ts';
import { LOCAL_SETTINGS_FILES } from './settings-file.ts';
import { installEntries, uninstallEntries } from './settings-merge.ts';
import type { HooksStatus } from './settings-status.ts';
import { hooksStatusOf } from './settings-status.ts';

/**
 * The events we install. Not MessageDisplay (one process per streamed message, and it says
 * nothing about state) nor PostToolBatch (PostToolUse already says "working").
 */
export const INSTALLED_EVENTS: readonly HookEventName[] = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'Notification',
  'Stop',
  'SessionEnd',
];

/** What install/uninstall/status work on. */
export interface HooksInstallerDeps {
  /** Claude's user settings file (claude/config-dir.ts `claudeSettingsFile`). */
  readonly settingsPath: string;
  readonly forwarder: ForwarderSpec;
  readonly clock: Clock;
  /** Arrivals per event, for status. */
  readonly counter: HookEventCounter;
  /** More entries we own (see the extension point above). */
  readonly extraEntries?: readonly OwnedHookEntry[];
  /** The events to install; Claude's INSTALLED_EVENTS when absent (Codex passes its own). */
  readonly events?: readonly string[];
  /** The agent reads hook timeouts in milliseconds (Gemini CLI). */
  readonly timeoutInMs?: boolean;
  readonly pathExists?: (file: string) => boolean;
  /** Whose files: this machine's when absent; a remote host's staged over ssh (hosts/remote-hooks.ts). */
  readonly files?: SettingsFiles;
}

function filesOf(deps: HooksInstallerDeps): SettingsFiles {
  return deps.files ?? LOCAL_SETTINGS_FILES;
}

/** The result of install or uninstall. */
export interface HooksChange {
  readonly changed: boolean;
  /** The backup taken before the change; null when nothing changed. */
  readonly backupPath: string | null;
  /** Uninstall put back the exact pre-install bytes from a backup. */
  readonly restoredExactly: boolean;
  readonly status: HooksStatus;
}

/** Where the forwarder lives in a checkout, an npm install (`nodePath`) or, packaged, the app (runtime-layout.ts has every layout). */
export function forwarderSpecFor(input: {
  readonly appRoot: string;
  readonly packaged: boolean;
  readonly execPath: string;
  readonly endpointFile: string;
  /** The Node to run the forwarder with when not the repository's pinned one (an npm install). */
  readonly nodePath?: string | null;
}): ForwarderSpec {
  const layout: RuntimeLayout = input.packaged
    ? { kind: 'packaged', execPath: input.execPath, resourcesPath: path.dirname(input.appRoot) }
    : input.nodePath != null
      ? { kind: 'npm', root: input.appRoot, nodePath: input.nodePath }
      : { kind: 'repo', root: input.appRoot };
  return hookCommandsFor(layout, input.endpointFile).forwarder;
}

/** Every entry we own, as install would write them now. */
export function plannedEntries(deps: HooksInstallerDeps): OwnedHookEntry[] {
  return [...forwarderEntries(deps.forwarder, deps.events ?? INSTALLED_EVENTS, 5, deps.timeoutInMs ?? false), ...(deps.extraEntries ?? [])];
}

/** Merge our entries into the settings (backup first). Throws SettingsError, changing nothing, on a bad file. */
export function installHooks(deps: HooksInstallerDeps): HooksChange {
  const files = filesOf(deps);
  const text = files.read(deps.settingsPath);
  const result = installEntries(text, plannedEntries(deps), deps.settingsPath);
  if (!result.changed) return { changed: false, backupPath: null, restoredExactly: false, status: hooksStatus(deps) };
  const backupPath = files.backup(deps.settingsPath, text, deps.clock);
  files.write(deps.settingsPath, result.text);
  return { changed: true, backupPath, restoredExactly: false, status: hooksStatus(deps) };
}

/**
 * Remove exactly our entries (backup first). When a backup shows the file is precisely "that
 * backup plus our install", the backup's bytes are put back, so formatting JSON cannot round-trip
 * (tabs, one-line arrays, escapes, a file that did not exist) comes back unchanged too.
 */
export function uninstallHooks(deps: HooksInstallerDeps): HooksChange {
  const files = filesOf(deps);
  const text = files.read(deps.settingsPath);
  const result = uninstallEntries(text, deps.settingsPath);
  if (!result.changed) return { changed: false, backupPath: null, restoredExactly: false, status: hooksStatus(deps) };
  const exact = exactOriginalOf(deps, text);
  const backupPath = files.backup(deps.settingsPath, text, deps.clock);
  files.write(deps.settingsPath, exact === undefined ? result.text : exact);
  return { changed: true, backupPath, restoredExactly: exact !== undefined, status: hooksStatus(deps) };
}

/** What is installed, whether it can run, and when events last arrived. Never throws for a bad file. */
export function hooksStatus(deps: HooksInstallerDeps): HooksStatus {
  let text: string | null;
  try {
    text = filesOf(deps).read(deps.settingsPath);
  } catch (err) {
    text = null;
    const base = hooksStatusOf({
      text,
      settingsPath: deps.settingsPath,
      planned: plannedEntries(deps),
      arrivals: {},
      pathExists: () => false,
    });
    return { ...base, problem: `cannot read ${deps.settingsPath}: ${(err as Error).message}` };
  }
  return hooksStatusOf({
    text,
    settingsPath: deps.settingsPath,
    planned: plannedEntries(deps),
    arrivals: deps.counter.snapshot(),
    pathExists: deps.pathExists ?? ((file) => filesOf(deps).exists(file)),
  });
}

/** The newest backup B (without our entries) such that install(B) is exactly `current`; undefined if none. */
function exactOriginalOf(deps: HooksInstallerDeps, current: string | null): string | null | undefined {
  const plan = plannedEntries(deps);
  return exactOriginal(filesOf(deps), deps.settingsPath, current, {
    hasOurs: (text) => uninstallEntries(text, deps.settingsPath).changed,
    install: (text) => installEntries(text, plan, deps.settingsPath).text,
  });
}
