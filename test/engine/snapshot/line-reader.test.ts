import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanLines } from '../../../main/engine/snapshot/line-reader.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();

async function linesOf(content: string | Buffer, opts: { chunkBytes?: number; maxLineBytes?: number } = {}) {
  const file = join(tempDir(), 'f.jsonl');
  writeFileSync(file, content);
  const seen: string[] = [];
  const result = await scanLines(file, (buf, s, e) => seen.push(buf.toString('utf8', s, e)), opts);
  return { seen, result };
}

describe('scanLines', () => {
  it('visits every line, including one that spans many chunks', async () => {
    const long = 'y'.repeat(50);
    const { seen, result } = await linesOf(`a\n${long}\nb\n`, { chunkBytes: 7 });
    expect(seen).toEqual(['a', long, 'b']);
    expect(result).toEqual({ bytes: 2 + long.length + 1 + 2, lines: 3, oversized: 0 });
  });

  it('visits a last line that has no newline (a write cut short)', async () => {
    expect((await linesOf('{"a":1}\n{"b":', { chunkBytes: 4 })).seen).toEqual(['{"a":1}', '{"b":']);
  });

  it('keeps multi-byte characters whole across chunk boundaries', async () => {
    const text = 'é数据🚀\nnaïve\n';
    for (let chunkBytes = 1; chunkBytes < 12; chunkBytes++)
      expect((await linesOf(text, { chunkBytes })).seen).toEqual(['é数据🚀', 'naïve']);
  });

  it('skips and counts a line longer than the limit without buffering it', async () => {
    const { seen, result } = await linesOf(`ok\n${'z'.repeat(100)}\nafter\n`, { chunkBytes: 8, maxLineBytes: 40 });
    expect(seen).toEqual(['ok', 'after']);
    expect(result.oversized).toBe(1);
    expect(result.lines).toBe(3);
  });

  it('counts an oversized last line without a newline', async () => {
    const { seen, result } = await linesOf(`ok\n${'z'.repeat(100)}`, { chunkBytes: 8, maxLineBytes: 40 });
    expect(seen).toEqual(['ok']);
    expect(result.oversized).toBe(1);
  });

  it('reads an empty file as no lines', async () => {
    expect((await linesOf('')).result).toEqual({ bytes: 0, lines: 0, oversized: 0 });
  });
});
