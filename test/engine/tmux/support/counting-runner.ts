/** A real runner that records every process it starts, to assert "one process per batch". */
import type { Runner, Spawner } from '../../../../main/engine/platform/run.ts';
import { realRunner } from '../../../../main/engine/platform/run.ts';

/** Every process started, as [file, ...args]. */
export interface Started {
  readonly runs: string[][];
  readonly spawns: string[][];
}

/** Wraps realRunner; `rename` lets a test point `tmux` at a missing binary. */
export function countingRunner(rename: (file: string) => string = (f) => f): { runner: Runner & Spawner; started: Started } {
  const started: Started = { runs: [], spawns: [] };
  const runner: Runner & Spawner = {
    run(file, args, opts) {
      started.runs.push([file, ...args]);
      return realRunner.run(rename(file), args, opts);
    },
    spawnLongLived(file, args, opts) {
      started.spawns.push([file, ...args]);
      return realRunner.spawnLongLived(rename(file), args, opts);
    },
  };
  return { runner, started };
}

/** How many processes have been started so far. */
export function processCount(s: Started): number {
  return s.runs.length + s.spawns.length;
}
