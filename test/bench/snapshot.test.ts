import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatTable, runSnapshotBench, writeTranscript } from '../../bench/snapshot.ts';
import { parseTranscriptFile } from '../../main/engine/snapshot/parse-transcript.ts';

describe('snapshot benchmark (small size: the real run is `npm run bench`)', () => {
  it('writes a transcript of the asked size that parses without broken lines beyond those generated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tb-bench-test-'));
    try {
      const file = join(dir, 't.jsonl');
      const size = await writeTranscript(file, 1);
      expect(size).toBe(statSync(file).size);
      expect(size).toBeGreaterThanOrEqual(1024 * 1024);
      const parsed = await parseTranscriptFile(file, 200);
      expect(parsed.stats.prompts).toBeGreaterThan(100);
      expect(parsed.stats.malformed).toBeLessThan(parsed.stats.prompts);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('measures extraction in a child process and reports throughput and peak RSS', async () => {
    const result = await runSnapshotBench({ mb: 2, runs: 1 });
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]!.mbps).toBeGreaterThan(0);
    // A fresh Node process: more than its bare baseline, far below a leak.
    expect(result.runs[0]!.peakRssMB).toBeGreaterThanOrEqual(result.baselineRssMB);
    expect(formatTable(result)).toMatch(/median [\d.]+ MB\/s \(target ≥ 50\), max peak RSS [\d.]+ MB \(target ≤ 100\)/);
  }, 60_000);
});
