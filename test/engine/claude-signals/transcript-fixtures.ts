/** Loads the recorded Claude Code transcripts (test/fixtures/transcripts/claude, both versions). */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const TRANSCRIPT_DIRS = ['test/fixtures/transcripts/claude', 'test/fixtures/transcripts/claude/v2.1.197'] as const;

/** Every transcript file path. */
export function transcriptFiles(): string[] {
  return TRANSCRIPT_DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort()
      .map((n) => path.join(dir, n)),
  );
}

/** The raw lines (each with its newline) of a transcript. */
export function transcriptLines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => `${l}\n`);
}

/** Find the index of the first line at or after `from` matching `predicate` on the parsed entry. */
export function findLine(lines: readonly string[], predicate: (entry: Record<string, unknown>) => boolean, from = 0): number {
  for (let i = from; i < lines.length; i++) if (predicate(JSON.parse(lines[i] as string) as Record<string, unknown>)) return i;
  throw new Error('no such line');
}

/** Content blocks of an entry's message. */
export function blocksOf(entry: Record<string, unknown>): Record<string, unknown>[] {
  const message = entry['message'] as { content?: unknown } | undefined;
  return Array.isArray(message?.content) ? (message.content as Record<string, unknown>[]) : [];
}
