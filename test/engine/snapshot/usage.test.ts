import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscriptFile } from '../../../main/engine/snapshot/parse-transcript.ts';
import type { ContextUsage } from '../../../main/engine/snapshot/types.ts';
import {
  autoRestartCheck,
  contextPercent,
  DEFAULT_CONTEXT_WINDOW,
  readLatestUsage,
  shouldAutoRestart,
} from '../../../main/engine/snapshot/usage.ts';
import { generateTranscript } from './support/transcript-gen.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();
const usage = (total: number): ContextUsage => ({
  inputTokens: total,
  cacheCreationInputTokens: 0,
  cacheReadInputTokens: 0,
  total,
  model: 'm',
});

describe('shouldAutoRestart', () => {
  it.each([
    [usage(160_000), 80, DEFAULT_CONTEXT_WINDOW, true],
    [usage(159_999), 80, DEFAULT_CONTEXT_WINDOW, false],
    [usage(190_000), 0, DEFAULT_CONTEXT_WINDOW, false],
    [usage(900_000), 80, 1_000_000, true],
    [usage(900_000), 95, 1_000_000, false],
    [null, 50, DEFAULT_CONTEXT_WINDOW, false],
    [usage(10), 50, 0, false],
  ] as const)('usage %o, threshold %d%% of %d → %s', (u, threshold, window, expected) => {
    expect(shouldAutoRestart(u, threshold, window)).toBe(expected);
  });

  it('measures input plus both cache counts', () => {
    expect(
      contextPercent(
        { inputTokens: 10_000, cacheCreationInputTokens: 40_000, cacheReadInputTokens: 50_000, total: 100_000, model: null },
        200_000,
      ),
    ).toBe(50);
  });
});

describe('readLatestUsage', () => {
  it('finds the same usage as a full forward parse, whatever the chunk size', async () => {
    for (let seed = 1; seed <= 15; seed++) {
      const { lines } = generateTranscript({ seed, turns: 25, malformedRate: 0.3 });
      const file = join(tempDir(), 't.jsonl');
      writeFileSync(file, `${lines.join('\n')}\n`);
      const forward = (await parseTranscriptFile(file, 200)).usage;
      expect(forward).not.toBeNull();
      for (const chunkBytes of [64, 1000, 1 << 20])
        expect(await readLatestUsage(file, { chunkBytes }), `seed ${seed} chunk ${chunkBytes}`).toEqual(forward);
    }
  });

  it('passes over a cut last line, sidechain and synthetic entries', async () => {
    const file = join(tempDir(), 't.jsonl');
    const main = {
      type: 'assistant',
      isSidechain: false,
      message: { model: 'claude-opus-5-5', content: [], usage: { input_tokens: 5000, cache_read_input_tokens: 7 } },
    };
    const side = { ...main, isSidechain: true, message: { ...main.message, usage: { input_tokens: 1 } } };
    const synthetic = { ...main, message: { ...main.message, model: '<synthetic>', usage: { input_tokens: 0 } } };
    writeFileSync(file, [main, side, synthetic].map((e) => JSON.stringify(e)).join('\n') + '\n{"type":"assistant","mess');
    expect((await readLatestUsage(file, { chunkBytes: 16 }))?.total).toBe(5007);
  });

  it('is null without any usage, and stops at the scan limit', async () => {
    const file = join(tempDir(), 't.jsonl');
    writeFileSync(file, '{"type":"user","message":{"content":"hi"}}\n');
    expect(await readLatestUsage(file)).toBeNull();
    const big = join(tempDir(), 'big.jsonl');
    const hit = JSON.stringify({ type: 'assistant', message: { model: 'm', content: [], usage: { input_tokens: 9 } } });
    writeFileSync(big, `${hit}\n${'{"type":"attachment"}\n'.repeat(1000)}`);
    expect(await readLatestUsage(big, { chunkBytes: 256, maxScanBytes: 1024 })).toBeNull();
    expect((await readLatestUsage(big, { chunkBytes: 256 }))?.total).toBe(9);
  });
});

describe('autoRestartCheck', () => {
  it('is due once the latest usage passes the threshold', async () => {
    const file = join(tempDir(), 't.jsonl');
    writeFileSync(
      file,
      JSON.stringify({
        type: 'assistant',
        message: { model: 'm', content: [], usage: { input_tokens: 2000, cache_read_input_tokens: 168_000 } },
      }) + '\n',
    );
    expect(await autoRestartCheck(file, 80)).toEqual({ due: true, usage: expect.objectContaining({ total: 170_000 }), percent: 85 });
    expect((await autoRestartCheck(file, 90)).due).toBe(false);
  });

  it('reads nothing when the threshold is 0 (off)', async () => {
    expect(await autoRestartCheck('/nonexistent/transcript.jsonl', 0)).toEqual({ due: false, usage: null, percent: null });
  });
});
