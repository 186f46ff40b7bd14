/**
 * Streams a file's lines as byte ranges without reading the file into memory: fixed-size chunks,
 * split at `\n` (a byte that never occurs inside a UTF-8 sequence). Callers look at bytes first and
 * decode only lines they keep — most of a Claude transcript is tool output nobody needs decoded.
 */
import { open } from 'node:fs/promises';

/** Options of scanLines. */
export interface ScanOptions {
  /** Read size (default 1 MiB). */
  readonly chunkBytes?: number;
  /** Longer lines are skipped whole and counted, never buffered (default 16 MiB). */
  readonly maxLineBytes?: number;
}

/** What a scan saw. */
export interface ScanResult {
  readonly bytes: number;
  readonly lines: number;
  readonly oversized: number;
}

/** Called for each line (without its `\n`); `buf[start, end)` is valid only during the call. */
export type LineVisitor = (buf: Buffer, start: number, end: number) => void;

/** Visit every line of `path`. A last line without `\n` (a write cut short) is visited too. */
export async function scanLines(path: string, visit: LineVisitor, opts: ScanOptions = {}): Promise<ScanResult> {
  const chunkBytes = opts.chunkBytes ?? 1 << 20;
  const maxLineBytes = opts.maxLineBytes ?? 16 << 20;
  const handle = await open(path, 'r');
  const chunk = Buffer.allocUnsafe(chunkBytes);
  // Pieces of a line that spans chunks; `skipping` once it outgrew maxLineBytes.
  let carry: Buffer[] = [];
  let carryBytes = 0;
  let skipping = false;
  let bytes = 0;
  let lines = 0;
  let oversized = 0;
  const endLine = (buf: Buffer, start: number, end: number): void => {
    lines++;
    if (skipping || carryBytes + (end - start) > maxLineBytes) {
      oversized++;
    } else if (carryBytes > 0) {
      carry.push(buf.subarray(start, end));
      const whole = Buffer.concat(carry);
      visit(whole, 0, whole.length);
    } else {
      visit(buf, start, end);
    }
    carry = [];
    carryBytes = 0;
    skipping = false;
  };
  try {
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunkBytes, null);
      if (bytesRead === 0) break;
      bytes += bytesRead;
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(10, start);
        if (nl < 0 || nl >= bytesRead) break;
        endLine(chunk, start, nl);
        start = nl + 1;
      }
      if (start < bytesRead && !skipping) {
        carryBytes += bytesRead - start;
        if (carryBytes > maxLineBytes) {
          skipping = true;
          carry = [];
        } else {
          // Copy: the chunk buffer is reused by the next read.
          carry.push(Buffer.from(chunk.subarray(start, bytesRead)));
        }
      }
    }
    if (carryBytes > 0 || skipping) {
      const empty = Buffer.alloc(0);
      endLine(empty, 0, 0);
    }
  } finally {
    await handle.close();
  }
  return { bytes, lines, oversized };
}
