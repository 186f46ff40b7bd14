import { describe, expect, it } from 'vitest';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { processSnapshot } from '../../../main/engine/jump/process-snapshot.ts';
import { ancestry } from '../../../main/engine/jump/process-tree.ts';

describe('processSnapshot', () => {
  it.each(['linux', 'darwin'] as const)('as on %s, finds this process and its parent', async (platform) => {
    const table = await processSnapshot(platform, realRunner);
    expect(table.get(process.pid)?.ppid).toBe(process.ppid);
    expect(
      ancestry(table, process.pid)
        .map((p) => p.pid)
        .slice(0, 2),
    ).toEqual([process.pid, process.ppid]);
  });
});
