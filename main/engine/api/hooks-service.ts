/** Claude hooks install / uninstall / status for every surface (CLI, settings view, API), as DTOs. */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HooksStatusDto } from '../../../preload/contract/hooks.ts';
import { claudeSettingsFile } from '../claude-signals/config-dir.ts';
import type { HookEventCounter, HookEventStats } from '../hooks/hook-event-counter.ts';
import type { HookEventName } from '../hooks/hook-schemas.ts';
import type { HooksInstallerDeps } from '../hooks/install.ts';
import { hooksStatus, installHooks, uninstallHooks } from '../hooks/install.ts';
import type { RuntimeLayout } from '../hooks/runtime-layout.ts';
import { detectLayout, hookCommandsFor } from '../hooks/runtime-layout.ts';
import { refuseTransientInstall } from '../hooks/appimage-mount.ts';
import type { Clock } from '../platform/clock.ts';
import type { Store } from '../store/index.ts';

/** The layout this process runs in (a checkout, an npm install, the packaged app), judged from where this code lives. */
export function currentLayout(): RuntimeLayout {
  const proc = process as NodeJS.Process & { resourcesPath?: string; defaultApp?: boolean };
  return detectLayout({
    electron: process.versions['electron'],
    defaultApp: proc.defaultApp === true,
    execPath: process.execPath,
    resourcesPath: proc.resourcesPath,
    moduleDir: dirname(fileURLToPath(import.meta.url)),
    launcherNode: process.env['TRAILBOSS_NODE'],
    exists: existsSync,
  });
}

export interface HooksServiceInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
  readonly endpointFile: string;
  readonly clock: Clock;
  readonly counter: HookEventCounter;
  /** Where the runnable files are; absent = judged from this process (`currentLayout`). */
  readonly layout?: RuntimeLayout;
}

/** Hook arrivals counted in the store, so `hooks status` knows them across restarts and processes. */
export function storeHookCounter(store: Store, clock: Clock): HookEventCounter {
  return {
    record: (event, at) => store.hooks.recordEvent(event, at ?? clock.now()),
    snapshot: () => {
      const out: Partial<Record<HookEventName, HookEventStats>> = {};
      for (const c of store.hooks.list()) if (c.kind === 'event') out[c.name as HookEventName] = { count: c.count, lastAt: c.lastAt };
      return out;
    },
  };
}

/** The installer's inputs for a surface (the CLI uses them for per-event status and backup paths). */
export function depsOf(input: HooksServiceInput): HooksInstallerDeps {
  const { forwarder, prime } = hookCommandsFor(input.layout ?? currentLayout(), input.endpointFile);
  return {
    settingsPath: claudeSettingsFile({ env: input.env, homedir: input.homedir }),
    forwarder,
    clock: input.clock,
    counter: input.counter,
    extraEntries: [prime],
  };
}

function dto(status: ReturnType<typeof hooksStatus>): HooksStatusDto {
  return {
    state: status.state,
    settingsPath: status.settingsPath,
    events: status.events,
    missing: status.missing,
    lastHookAt: status.lastHookAt,
    problem: status.problem,
  };
}

export const hooksService = {
  status: (input: HooksServiceInput): HooksStatusDto => dto(hooksStatus(depsOf(input))),
  /** Throws TransientInstallError, changing nothing, when run from an AppImage (appimage-mount.ts). */
  install: (input: HooksServiceInput): HooksStatusDto => {
    refuseTransientInstall(input.layout ?? currentLayout(), input.env, 'the Claude Code hooks');
    return dto(installHooks(depsOf(input)).status);
  },
  uninstall: (input: HooksServiceInput): HooksStatusDto => dto(uninstallHooks(depsOf(input)).status),
};
