/** A process table for finding a tmux client's terminal: /proc on Linux, one `ps` run elsewhere (macOS). */
import type { ProcessEntry } from '../platform/process-table.ts';
import { procProcessTable } from '../platform/process-table.ts';
import type { Runner } from '../platform/run.ts';
import { parsePsOutput, PS_ARGS } from './process-tree.ts';

/** Reads the table once. Rejects when `ps` cannot run (the jump then says so). */
export async function processSnapshot(platform: NodeJS.Platform, runner: Runner): Promise<ReadonlyMap<number, ProcessEntry>> {
  if (platform === 'linux') return procProcessTable().snapshot();
  const r = await runner.run('ps', PS_ARGS, { timeoutMs: 3000 });
  if (r.exitCode !== 0) throw new Error(`ps exited with ${r.exitCode}: ${r.stderr.trim()}`);
  return parsePsOutput(r.stdout);
}
