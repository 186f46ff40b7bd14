/**
 * Wiring step 1: what every other part stands on — the home directory and its lock (one engine per
 * home), the live config, the store and the event bus. Undo steps are registered as parts start.
 */
import { mkdirSync } from 'node:fs';
import { EngineEvents } from '../api/events.ts';
import type { Config } from '../config/index.ts';
import { ConfigWatcher } from '../config/index.ts';
import type { Clock } from '../platform/clock.ts';
import { acquireEngineLock } from '../platform/engine-lock.ts';
import type { Logger } from '../platform/log.ts';
import type { TrailbossPaths } from '../platform/paths.ts';
import { ownerOnlyDir } from '../platform/owner-only.ts';
import { resolvePaths } from '../platform/paths.ts';
import type { Store } from '../store/index.ts';
import { openStore } from '../store/index.ts';

/** Cleanup steps, run in reverse when a later wiring step fails. */
export type UndoList = (() => unknown)[];

export interface FoundationOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly homedir: string;
  readonly cwd: string;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly pid: number;
}

/** The parts every later step uses. `config()` is always the config in force (edits apply live). */
export interface Foundation {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly paths: TrailbossPaths;
  readonly lock: { release(): void };
  readonly watcher: ConfigWatcher;
  readonly config: () => Config;
  readonly store: Store;
  readonly events: EngineEvents;
  readonly now: () => number;
}

/** Take the home's lock, load the config, open the store. Throws EngineLockedError when another engine owns the home. */
export function openFoundation(opts: FoundationOptions, undo: UndoList): Foundation {
  const { clock, logger } = opts;
  const paths = resolvePaths({ env: opts.env, platform: opts.platform, homedir: opts.homedir, cwd: opts.cwd });
  mkdirSync(paths.home, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing directory's mode alone: a home made earlier with 0755 is tightened here.
  ownerOnlyDir(paths.home);
  const lock = acquireEngineLock(paths.lock, opts.pid);
  undo.push(() => lock.release());
  // The watcher loads now and then applies valid edits; an invalid edit keeps the last good config.
  const watcher = new ConfigWatcher({ file: paths.config, clock, logger });
  const loaded = watcher.start();
  undo.push(() => watcher.dispose());
  if (!loaded.ok) logger.log('error', 'config.invalid', { file: paths.config, errors: loaded.errors });
  const store = openStore(paths.database, { clock, logger });
  undo.push(() => store.close());
  // Claims left by a previous run that died: its audit log says what it sent; the pane says what is left.
  store.items.releaseClaimsBefore(clock.now() + 1);
  return {
    clock,
    logger,
    paths,
    lock,
    watcher,
    config: () => watcher.current,
    store,
    events: new EngineEvents(logger),
    now: () => clock.now(),
  };
}
