/**
 * Context use for the auto-restart threshold: the latest usage read from the end of a transcript
 * (never the whole file), and the pure decision.
 */
import { open } from 'node:fs/promises';
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
 * end; gives up (null) after `maxScanBytes`. Broken lines are passed over.
 */
export async function readLatestUsage(
  file: string,
  opts: { chunkBytes?: number; maxScanBytes?: number } = {},
): Promise<ContextUsage | null> {
  const chunkBytes = opts.chunkBytes ?? 256 * 1024;
  const maxScan = opts.maxScanBytes ?? 64 * 1024 * 1024;
  const handle = await open(file, 'r');
  try {
    let pos = (await handle.stat()).size;
    let carry = Buffer.alloc(0);
    let scanned = 0;
    while (pos > 0 && scanned < maxScan) {
      const size = Math.min(chunkBytes, pos);
      pos -= size;
      scanned += size;
      const chunk = Buffer.allocUnsafe(size);
      await handle.read(chunk, 0, size, pos);
      const buf = carry.length ? Buffer.concat([chunk, carry]) : chunk;
      // Bytes before the first newline may continue a line that starts in an earlier chunk.
      const headEnd = pos > 0 ? buf.indexOf(10) : -1;
      if (pos > 0 && headEnd < 0) {
        carry = buf;
        continue;
      }
      const from = headEnd + 1;
      for (let end = buf.length; end > from;) {
        const nl = buf.lastIndexOf(10, end - 1);
        const start = nl >= from ? nl + 1 : from;
        const found = usageIn(buf, start, end);
        if (found) return found;
        end = start - 1;
      }
      carry = pos > 0 ? Buffer.from(buf.subarray(0, headEnd)) : Buffer.alloc(0);
    }
    return null;
  } finally {
    await handle.close();
  }
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
