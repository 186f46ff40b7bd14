/**
 * Context use for the auto-restart threshold: the latest usage read from the end of a transcript
 * (never the whole file), and the pure decision.
 */
import { readRegularFile } from '../platform/regular-file.ts';
import { classifyEntry } from './transcript-entry.ts';
import type { ContextUsage } from './types.ts';

/** Claude's standard context window, in tokens (1M-context models: pass their window). */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

/** Percentage of `contextWindow` the usage fills. */
export function contextPercent(usage: ContextUsage, contextWindow: number): number {
  return contextWindow > 0 ? (usage.total / contextWindow) * 100 : 0;
}

/** Restart when the context is at or past `thresholdPercent` of the window; 0 (or less) means never. */
export function shouldAutoRestart(usage: ContextUsage | null, thresholdPercent: number, contextWindow: number): boolean {
  if (!usage || !(thresholdPercent > 0) || !(contextWindow > 0)) return false;
  return contextPercent(usage, contextWindow) >= thresholdPercent;
}

const ASSISTANT = Buffer.from('"assistant"');

/**
 * The usage of the last main-chain model call in the transcript, read backwards in chunks from the
 * end; gives up (null) after `maxScanBytes`. Broken lines are passed over. Linear in the bytes read:
 * the pieces of a line that spans chunks are kept as a list and joined once, when the line is whole
 * (a 200 MB line without a newline used to be copied again for every chunk). Only a regular file is
 * read, within a time limit (`platform/regular-file.ts`).
 */
export async function readLatestUsage(
  file: string,
  opts: { chunkBytes?: number; maxScanBytes?: number; limitMs?: number } = {},
): Promise<ContextUsage | null> {
  const chunkBytes = opts.chunkBytes ?? 256 * 1024;
  const maxScan = opts.maxScanBytes ?? 64 * 1024 * 1024;
  return readRegularFile(
    file,
    async (handle) => {
      let pos = handle.size;
      // The part of the current line already read (file order): it starts in an earlier chunk.
      let tail: Buffer[] = [];
      let scanned = 0;
      while (pos > 0 && scanned < maxScan) {
        const size = Math.min(chunkBytes, pos);
        pos -= size;
        scanned += size;
        const chunk = Buffer.allocUnsafe(size);
        await handle.read(chunk, 0, size, pos);
        let end = chunk.length;
        for (let nl = chunk.lastIndexOf(10, end - 1); nl >= 0; nl = chunk.lastIndexOf(10, end - 1)) {
          const line = tail.length > 0 ? Buffer.concat([chunk.subarray(nl + 1, end), ...tail]) : chunk.subarray(nl + 1, end);
          tail = [];
          const found = usageIn(line, 0, line.length);
          if (found) return found;
          end = nl;
          if (end === 0) break;
        }
        if (end > 0) tail.unshift(chunk.subarray(0, end));
      }
      if (pos > 0 || tail.length === 0) return null;
      const first = Buffer.concat(tail);
      return usageIn(first, 0, first.length);
    },
    opts.limitMs,
  );
}

function usageIn(buf: Buffer, start: number, end: number): ContextUsage | null {
  if (end <= start) return null;
  const view = buf.subarray(start, end);
  if (view.indexOf(ASSISTANT) < 0) return null;
  try {
    const verdict = classifyEntry(JSON.parse(view.toString('utf8')));
    return verdict.kind === 'reply' || verdict.kind === 'skip' ? (verdict.usage ?? null) : null;
  } catch {
    return null;
  }
}

/** The auto-restart verdict for a transcript: its latest usage, the share of the window, and whether it is due. */
export async function autoRestartCheck(
  file: string,
  thresholdPercent: number,
  contextWindow = DEFAULT_CONTEXT_WINDOW,
): Promise<{ readonly due: boolean; readonly usage: ContextUsage | null; readonly percent: number | null }> {
  // Off costs nothing: no file is read.
  if (!(thresholdPercent > 0)) return { due: false, usage: null, percent: null };
  const usage = await readLatestUsage(file);
  return {
    due: shouldAutoRestart(usage, thresholdPercent, contextWindow),
    usage,
    percent: usage ? contextPercent(usage, contextWindow) : null,
  };
}
