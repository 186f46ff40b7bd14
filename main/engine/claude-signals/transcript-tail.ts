/**
 * Reads the end of a transcript JSONL cheaply: seek to the last 64 KiB, parse the complete lines
 * (the first partial line of the window and an unterminated last line — Claude still writing it —
 * are skipped), and widen the window only while the tail holds no decision (one attachment line
 * can exceed 64 KiB). A cache on (size, mtime) makes periodic reconciliation nearly free.
 */
import { stat } from 'node:fs/promises';
import { readRegularFile } from '../platform/regular-file.ts';
import type { TranscriptState } from './transcript-state.ts';
import { transcriptStateOf } from './transcript-state.ts';

/** Window sizes. */
export interface TailOptions {
  readonly initialBytes?: number;
  /** Never read more than this from the end; past it the verdict is what the window shows. */
  readonly maxBytes?: number;
}

/** The parsed tail: entries oldest first, and whether they start at the beginning of the file. */
export interface TranscriptTail {
  readonly entries: unknown[];
  readonly fromStart: boolean;
  /** The last line had no newline yet and was left out. */
  readonly partialLastLine: boolean;
  readonly size: number;
}

/** Read complete JSONL entries from the last `bytes` of the file. Malformed lines are skipped. */
export async function readTranscriptTail(file: string, bytes: number): Promise<TranscriptTail> {
  // Only a regular file, within a time limit: the path came from a hook payload.
  return readRegularFile(file, async (handle) => {
    const size = handle.size;
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    let filled = 0;
    while (filled < buffer.length) {
      const bytesRead = await handle.read(buffer, filled, buffer.length - filled, start + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const lines = buffer.subarray(0, filled).toString('utf8').split('\n');
    const partialLastLine = lines[lines.length - 1] !== '';
    lines.pop(); // '' after the final newline, or the unterminated line being written
    if (start > 0) lines.shift(); // began mid-line
    const entries: unknown[] = [];
    for (const line of lines) {
      if (line.trim() === '') continue;
      try {
        entries.push(JSON.parse(line));
      } catch {
        // A corrupt line says nothing; the ones around it still do.
      }
    }
    return { entries, fromStart: start === 0, partialLastLine, size };
  });
}

/** The transcript's last state, widening the window as needed. */
export async function transcriptStateOfFile(file: string, options: TailOptions = {}): Promise<TranscriptState> {
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  let bytes = Math.min(options.initialBytes ?? 64 * 1024, maxBytes);
  for (;;) {
    const tail = await readTranscriptTail(file, bytes);
    const atLimit = bytes >= maxBytes;
    const state = transcriptStateOf(tail.entries, tail.fromStart || atLimit);
    if (state !== null) return state;
    bytes = Math.min(bytes * 4, maxBytes);
  }
}

/** Caches the state per file on (size, mtime): unchanged files are not read again. */
export class TranscriptStateCache {
  private readonly cache = new Map<string, { size: number; mtimeMs: number; state: TranscriptState }>();

  constructor(private readonly options: TailOptions = {}) {}

  /** The state of `file`; rejects when the file cannot be read. */
  async read(file: string): Promise<TranscriptState> {
    const s = await stat(file);
    const hit = this.cache.get(file);
    if (hit !== undefined && hit.size === s.size && hit.mtimeMs === s.mtimeMs) return hit.state;
    const state = await transcriptStateOfFile(file, this.options);
    this.cache.set(file, { size: s.size, mtimeMs: s.mtimeMs, state });
    return state;
  }

  /**
   * Keep only the files still named by a known session: each new Claude session brings a new
   * transcript, and a cache keyed by every file ever read would grow for the life of the engine.
   */
  keepOnly(files: ReadonlySet<string>): void {
    for (const file of this.cache.keys()) if (!files.has(file)) this.cache.delete(file);
  }

  /** How many files are cached (tests and the soak watch it stay bounded). */
  get size(): number {
    return this.cache.size;
  }
}
