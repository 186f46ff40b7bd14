import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscriptFile, TranscriptAccumulator } from '../../../main/engine/snapshot/parse-transcript.ts';
import { generateTranscript } from './support/transcript-gen.ts';
import { mergeMessages, referenceParse } from './support/reference.ts';
import { useTempDirs } from './support/temp-dir.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/transcripts/claude');
const tempDir = useTempDirs();
const ALL = 1_000_000; // a limit nothing reaches: the collector keeps everything

function parseLines(lines: readonly string[], maxLines = ALL) {
  const acc = new TranscriptAccumulator(maxLines);
  for (const line of lines) acc.pushLine(line);
  return acc.finish();
}

// Independently counted (python over the JSONL): human prompts and assistant entries with text.
const FIXTURE_COUNTS: Record<string, { prompts: number; replies: number }> = {
  'bash--c3785f75-9237-4c5b-9d00-07f58fc98e78.jsonl': { prompts: 13, replies: 20 },
  'edit--d10c1f5a-8065-4f55-a86a-fdd99c3bc91b.jsonl': { prompts: 5, replies: 13 },
  'hooks--67394c8a-6c70-4514-8995-3cc730f52394.jsonl': { prompts: 8, replies: 11 },
  'misc--45263eef-c582-4f0a-b08d-cf7b0f310fc8.jsonl': { prompts: 10, replies: 10 },
  'noalt--7ac0fe2f-730f-4815-969b-a0da4a4e5e1d.jsonl': { prompts: 2, replies: 3 },
  'read--073ee5ca-7848-4ddb-98e5-b3f9b69aada1.jsonl': { prompts: 6, replies: 10 },
  'webfetch--d95402ae-db45-4639-a764-a365e3adebab.jsonl': { prompts: 6, replies: 10 },
  'write--77b63ecc-abe6-4eaf-89b9-225263ec2e13.jsonl': { prompts: 6, replies: 10 },
  'v2.1.197/bash--eac9c705-98c5-437a-9db9-06aa91c8da64.jsonl': { prompts: 13, replies: 20 },
  'v2.1.197/dlg--7e27f2f0-6a93-4b28-b1c2-d2aee94bacd6.jsonl': { prompts: 0, replies: 0 },
  'v2.1.197/edit--d13be451-3d38-4c46-9e20-d494fd3d9380.jsonl': { prompts: 5, replies: 13 },
  'v2.1.197/hooks--19e710f1-b161-4bfc-a9d4-04e6741fc290.jsonl': { prompts: 7, replies: 9 },
  'v2.1.197/misc--da921e4c-b259-4d85-9cdb-61254e6e3401.jsonl': { prompts: 10, replies: 10 },
  'v2.1.197/noalt--dc72268d-4742-4bf4-aa05-244531bbfac5.jsonl': { prompts: 2, replies: 3 },
  'v2.1.197/read--10e46277-a40d-4100-b78d-a445e183cf10.jsonl': { prompts: 6, replies: 10 },
  'v2.1.197/webfetch--1c619f8e-508a-4359-a3a9-50b7c8b9bbf0.jsonl': { prompts: 6, replies: 10 },
  'v2.1.197/write--51a1129e-c866-4d1f-a0ae-d89bf3e4e2ae.jsonl': { prompts: 6, replies: 10 },
};

describe('parseTranscriptFile over the real captures', () => {
  it('has a count for every captured transcript', () => {
    const files = [...readdirSync(FIXTURES), ...readdirSync(join(FIXTURES, 'v2.1.197')).map((f) => `v2.1.197/${f}`)].filter((f) =>
      f.endsWith('.jsonl'),
    );
    expect(files.sort()).toEqual(Object.keys(FIXTURE_COUNTS).sort());
  });

  it.each(Object.entries(FIXTURE_COUNTS))('%s: keeps every prompt and answer, nothing else', async (name, counts) => {
    const parsed = await parseTranscriptFile(join(FIXTURES, name), ALL);
    expect({ prompts: parsed.stats.prompts, replies: parsed.stats.replies }).toEqual(counts);
    expect(parsed.stats.malformed).toBe(0);
    const text = parsed.blocks.flatMap((b) => b.lines).join('\n');
    expect(text).not.toMatch(/Request interrupted|drwx|tool_use_id|<system-reminder>|doesn't want to proceed/);
  });

  it.each(Object.keys(FIXTURE_COUNTS))('%s: matches the reference reading exactly', async (name) => {
    const lines = readFileSync(join(FIXTURES, name), 'utf8').split('\n');
    const parsed = await parseTranscriptFile(join(FIXTURES, name), ALL);
    const ref = referenceParse(lines);
    expect(parsed.blocks).toEqual(ref.blocks);
    expect(parsed.usage).toEqual(ref.usage);
  });

  it('reads the bash capture as alternating user and assistant blocks, starting with its first prompt', async () => {
    const parsed = await parseTranscriptFile(join(FIXTURES, 'bash--c3785f75-9237-4c5b-9d00-07f58fc98e78.jsonl'), ALL);
    expect(parsed.blocks[0]).toEqual({ role: 'user', lines: ['lab:bash r1 please list the files in /tmp'], totalLines: 1 });
    expect(parsed.blocks[1]).toEqual({
      role: 'assistant',
      lines: ["I'll list the files in /tmp.", '', 'Done: I listed /tmp with `ls -la /tmp`.'],
      totalLines: 3,
    });
    // A denied turn keeps the text said before the tool call; the denial itself (a tool result) is gone.
    expect(parsed.blocks[4]).toEqual({ role: 'user', lines: ['lab:bash r3 list /tmp (deny 4)'], totalLines: 1 });
    expect(parsed.blocks[5]).toEqual({ role: 'assistant', lines: ["I'll list the files in /tmp."], totalLines: 1 });
    parsed.blocks.forEach((b, i) => i > 0 && expect(b.role).not.toBe(parsed.blocks[i - 1]!.role));
    expect(parsed.sessionId).toBe('c3785f75-9237-4c5b-9d00-07f58fc98e78');
    expect(parsed.cwd).toBe('/home/dev/lab-claude/work/project');
  });

  it('reads the latest main-chain usage (the v2.1.197 misc capture ends with a real call after a synthetic one)', async () => {
    const parsed = await parseTranscriptFile(join(FIXTURES, 'v2.1.197/misc--da921e4c-b259-4d85-9cdb-61254e6e3401.jsonl'), ALL);
    expect(parsed.usage).toEqual({
      inputTokens: 1234,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: 0,
      total: 1234,
      model: 'claude-opus-4-8',
    });
  });
});

describe('parseTranscriptFile over generated transcripts', () => {
  it('keeps exactly the generated prompts and answers over thousands of turns', async () => {
    const { lines, expected } = generateTranscript({ seed: 7, turns: 2000 });
    const file = join(tempDir(), 't.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const parsed = await parseTranscriptFile(file, ALL, { chunkBytes: 4096 });
    expect(parsed.blocks).toEqual(mergeMessages(expected.messages));
    expect(parsed.usage).toEqual(expected.usage);
    expect(parsed.stats.malformed).toBe(expected.malformed);
    expect(expected.malformed).toBeGreaterThan(50);
    expect(parsed.stats.skipped.sidechain).toBeGreaterThan(100);
  });

  it('agrees with the reference reading on many random transcripts (the byte filter loses nothing)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { lines } = generateTranscript({ seed, turns: 30, malformedRate: 0.2, sidechainRate: 0.3, wrapperRate: 0.3 });
      const parsed = parseLines(lines);
      const ref = referenceParse(lines);
      expect(parsed.blocks, `seed ${seed}`).toEqual(ref.blocks);
      expect(parsed.usage, `seed ${seed}`).toEqual(ref.usage);
      expect(parsed.stats.malformed, `seed ${seed}`).toBe(ref.malformed);
    }
  });

  it('counts a truncated last line and keeps everything before it', async () => {
    const { lines, expected } = generateTranscript({ seed: 3, turns: 20, malformedRate: 0 });
    const file = join(tempDir(), 't.jsonl');
    const cut = '{"parentUuid":null,"isSidechain":false,"type":"user","message":{"role":"user","content":"half a wri';
    writeFileSync(file, `${lines.join('\n')}\n${cut}`);
    const parsed = await parseTranscriptFile(file, ALL);
    expect(parsed.stats.malformed).toBe(1);
    expect(parsed.blocks).toEqual(mergeMessages(expected.messages));
  });

  it('skips and counts an oversized line', async () => {
    const file = join(tempDir(), 't.jsonl');
    const huge = JSON.stringify({ type: 'user', isSidechain: false, message: { role: 'user', content: 'q'.repeat(5000) } });
    writeFileSync(file, `${huge}\n${JSON.stringify({ type: 'user', message: { role: 'user', content: 'small' } })}\n`);
    const parsed = await parseTranscriptFile(file, ALL, { chunkBytes: 512, maxLineBytes: 1024 });
    expect(parsed.stats.oversized).toBe(1);
    expect(parsed.blocks).toEqual([{ role: 'user', lines: ['small'], totalLines: 1 }]);
  });

  it('tolerates spaced (pretty) JSON and CRLF line ends', () => {
    const parsed = parseLines([
      '{"type": "user", "message": {"content": "hi"}}\r',
      '{ "type": "assistant", "message": {"content": [{"type": "text", "text": "yo"}]} }',
    ]);
    expect(parsed.blocks.map((b) => b.lines)).toEqual([['hi'], ['yo']]);
  });
});
