import { statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TranscriptStateCache, readTranscriptTail, transcriptStateOfFile } from '../../../main/engine/claude-signals/transcript-tail.ts';
import { tempDir } from '../http/http-helpers.ts';
import { blocksOf, findLine, transcriptLines } from './transcript-fixtures.ts';

const HOOKS = 'test/fixtures/transcripts/claude/hooks--67394c8a-6c70-4514-8995-3cc730f52394.jsonl';
const lines = transcriptLines(HOOKS);
const firstToolUse = findLine(lines, (e) => e['type'] === 'assistant' && blocksOf(e).some((b) => b['type'] === 'tool_use'));
const firstResult = findLine(lines, (e) => e['type'] === 'user' && blocksOf(e).some((b) => b['type'] === 'tool_result'));

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('tb-transcript')));
afterEach(() => cleanup());

function prefixFile(n: number, extra = ''): string {
  const file = path.join(dir, `t-${n}.jsonl`);
  writeFileSync(file, lines.slice(0, n).join('') + extra);
  return file;
}

describe('transcript tail', () => {
  it('reads the last state of a whole real transcript', async () => {
    expect((await transcriptStateOfFile(HOOKS)).last).toBe('turn-ended');
  });

  it('sees a pending tool call at the end of the file', async () => {
    expect(await transcriptStateOfFile(prefixFile(firstToolUse + 1))).toMatchObject({
      last: 'tool-pending',
      pendingTool: { name: 'Bash' },
    });
  });

  it('skips a last line Claude is still writing', async () => {
    const half = (lines[firstResult] as string).slice(0, 200);
    const file = prefixFile(firstResult, half);
    const tail = await readTranscriptTail(file, 64 * 1024);
    expect(tail.partialLastLine).toBe(true);
    expect((await transcriptStateOfFile(file)).last).toBe('tool-pending');
  });

  it('reads only the tail: a window smaller than the file starts mid-line and drops that line', async () => {
    const tail = await readTranscriptTail(HOOKS, 4096);
    expect(tail.fromStart).toBe(false);
    expect(tail.entries.length).toBeGreaterThan(0);
    expect(tail.entries.length).toBeLessThan(lines.length);
    expect(tail.entries.at(-1)).toEqual(JSON.parse(lines.at(-1) as string));
  });

  it('widens the window when one line is larger than it (a 64 KB attachment after the tool result)', async () => {
    const bigAttachment = findLine(lines, (e) => e['type'] === 'attachment', firstResult);
    expect((lines[bigAttachment] as string).length).toBeGreaterThan(60_000);
    const file = prefixFile(bigAttachment + 1);
    expect((await transcriptStateOfFile(file, { initialBytes: 1024 })).last).toBe('tool-answered');
  });

  it('stops widening at maxBytes and answers from what it saw', async () => {
    const file = prefixFile(firstResult + 2);
    expect((await transcriptStateOfFile(file, { initialBytes: 512, maxBytes: 1024 })).last).toBe('empty');
  });

  it('skips a corrupt line and decides from the ones before it', async () => {
    const file = prefixFile(firstToolUse + 1, '{"type":"user", broken\n');
    expect((await transcriptStateOfFile(file)).last).toBe('tool-pending');
  });
});

describe('TranscriptStateCache', () => {
  it('does not read an unchanged file again', async () => {
    const file = prefixFile(firstToolUse + 1);
    // A whole-second mtime survives utimes exactly (sub-ms precision would not).
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    const cache = new TranscriptStateCache();
    expect((await cache.read(file)).last).toBe('tool-pending');
    // Same size and mtime but different content: a cache hit returns the old verdict.
    const replaced = (lines.slice(0, firstToolUse + 1).join('') as string).replace('"tool_use","id"', '"tool_usX","id"');
    writeFileSync(file, replaced);
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    expect(statSync(file).size).toBe(Buffer.byteLength(replaced));
    expect((await cache.read(file)).last).toBe('tool-pending');
  });

  it('reads a grown file again', async () => {
    const file = prefixFile(firstToolUse + 1);
    const cache = new TranscriptStateCache();
    await cache.read(file);
    writeFileSync(file, lines.slice(0, firstResult + 1).join(''));
    expect((await cache.read(file)).last).toBe('tool-answered');
  });

  it('keeps only the files a known session still names (a new session each day must not add an entry for ever)', async () => {
    const kept = prefixFile(firstToolUse + 1);
    const cache = new TranscriptStateCache();
    await cache.read(kept);
    await cache.read(prefixFile(firstResult + 1));
    expect(cache.size).toBe(2);
    cache.keepOnly(new Set([kept]));
    expect(cache.size).toBe(1);
  });
});
