/** Claude hooks install / uninstall / status for every surface (CLI, settings view, API), as DTOs. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HooksStatusDto } from '../../../preload/contract/hooks.ts';
import { claudeSettingsFile } from '../claude-signals/config-dir.ts';
import type { HookEventCounter, HookEventStats } from '../hooks/hook-event-counter.ts';
import type { HookEventName } from '../hooks/hook-schemas.ts';
import type { HooksInstallerDeps } from '../hooks/install.ts';
import { forwarderSpecFor, hooksStatus, installHooks, uninstallHooks } from '../hooks/install.ts';
import { markerFor, shellQuote } from '../hooks/hook-command.ts';
import type { Clock } from '../platform/clock.ts';
import { packageRoot } from '../platform/package-root.ts';
import type { Store } from '../store/index.ts';

/** The repository (or installed package, or unpacked app) root: bin/trailboss-hook.mjs lives there. */
export const APP_ROOT = packageRoot();

export interface HooksServiceInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
  readonly endpointFile: string;
  readonly clock: Clock;
  readonly counter: HookEventCounter;
  /** Packaged app: the forwarder runs on the app's own runtime (ELECTRON_RUN_AS_NODE). */
  readonly packaged?: { readonly execPath: string } | null;
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
  // A clone runs hooks on its pinned Node; an npm install has none and uses the Node running it now.
  const pinned = join(APP_ROOT, 'node_modules', 'node', 'bin', 'node');
  const forwarder = forwarderSpecFor({
    appRoot: APP_ROOT,
    packaged: input.packaged != null,
    execPath: input.packaged?.execPath ?? process.execPath,
    endpointFile: input.endpointFile,
    nodePath: input.packaged != null || existsSync(pinned) ? null : process.execPath,
  });
  // A restarted session is briefed with its snapshot by `trailboss prime` at SessionStart (exactly once: prime takes the file).
  const prime = `${forwarder.runAsNode ? 'ELECTRON_RUN_AS_NODE=1 ' : ''}${shellQuote(forwarder.nodePath)} ${shellQuote(join(APP_ROOT, 'bin', 'trailboss.mjs'))} prime ${markerFor('prime')}`;
  return {
    settingsPath: claudeSettingsFile({ env: input.env, homedir: input.homedir }),
    forwarder,
    clock: input.clock,
    counter: input.counter,
    extraEntries: [{ event: 'SessionStart', command: prime, timeoutSec: 10 }],
  };
}

function dto(status: ReturnType<typeof hooksStatus>): HooksStatusDto {
  return { state: status.state, settingsPath: status.settingsPath, events: status.events, missing: status.missing, lastHookAt: status.lastHookAt, problem: status.problem };
}

export const hooksService = {
  status: (input: HooksServiceInput): HooksStatusDto => dto(hooksStatus(depsOf(input))),
  install: (input: HooksServiceInput): HooksStatusDto => dto(installHooks(depsOf(input)).status),
  uninstall: (input: HooksServiceInput): HooksStatusDto => dto(uninstallHooks(depsOf(input)).status),
};
