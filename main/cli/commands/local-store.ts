/**
 * For the commands that work on this machine's data directory without the engine (`phone`, `slack`):
 * its paths, and the store opened for one job and closed again.
 */
import { silentLogger } from '../../engine/platform/log.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import type { Store } from '../../engine/store/index.ts';
import { openStore } from '../../engine/store/index.ts';
import type { CliContext } from '../context.ts';

/** The data directory's paths for this invocation. */
export function pathsOf(ctx: CliContext) {
  return resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
}

/** Run `fn` with the store open, and close it. */
export function withStore<T>(ctx: CliContext, fn: (store: Store) => T): T {
  const store = openStore(pathsOf(ctx).database, { clock: ctx.clock, logger: silentLogger });
  try {
    return fn(store);
  } finally {
    store.close();
  }
}
