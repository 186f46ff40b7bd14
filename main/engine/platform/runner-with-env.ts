/** A runner whose children see given environment changes (the CLI passes its injected env; tests set PATH). */
import type { EnvChanges, Runner, Spawner } from './run.ts';

/** Wrap `base` so every child gets `env` merged under any per-call changes. */
export function runnerWithEnv(base: Runner & Spawner, env: EnvChanges): Runner & Spawner {
  return {
    run: (file, args, opts = {}) => base.run(file, args, { ...opts, env: { ...env, ...opts.env } }),
    spawnLongLived: (file, args, opts = {}) => base.spawnLongLived(file, args, { ...opts, env: { ...env, ...opts.env } }),
  };
}
