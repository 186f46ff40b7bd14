/**
 * Streams a file's lines as byte ranges without reading the file into memory: fixed-size chunks,
 * split at `\n` (a byte that never occurs inside a UTF-8 sequence). Callers look at bytes first and
 * decode only lines they keep — most of a Claude transcript is tool output nobody needs decoded.
 */
import { readRegularFile } from '../platform/regular-file.ts';

/** Options of scanLines. */
export interface ScanOptions {
  /** Read size (default 1 MiB). */
  readonly chunkBytes?: number;
  /** Longer lines are skipped whole and counted, never buffered (default 16 MiB). */
  readonly maxLineBytes?: number;
  /** Time limit for reading the whole file (default 2 min). */
  readonly limitMs?: number;
}

/** What a scan saw. */
export interface ScanResult {
  readonly bytes: number;
  readonly lines: number;
  readonly oversized: number;
}

/** Called for each line (without its `\n`); `buf[start, end)` is valid only during the call. */
export type LineVisitor = (buf: Buffer, start: number, end: number) => void;

/**
 * Splits a byte stream into lines as chunks arrive (a file read, an ssh pipe). A line spanning
 * chunks is carried (copied) until its end; one outgrowing `maxLineBytes` is dropped and counted.
 */
export class LineSplitter {
  private readonly maxLineBytes: number;
  // Pieces of a line that spans chunks; `skipping` once it outgrew maxLineBytes.
  private carry: Buffer[] = [];
  private carryBytes = 0;
  private skipping = false;
  private bytes = 0;
  private lines = 0;
  private oversized = 0;

  constructor(
    private readonly visit: LineVisitor,
    opts: Pick<ScanOptions, 'maxLineBytes'> = {},
  ) {
    this.maxLineBytes = opts.maxLineBytes ?? 16 << 20;
  }

  /** Feed `chunk[0, length)`; the chunk may be reused by the caller afterwards. */
  push(chunk: Buffer, length = chunk.length): void {
    this.bytes += length;
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl < 0 || nl >= length) break;
      this.endLine(chunk, start, nl);
      start = nl + 1;
    }
    if (start < length && !this.skipping) {
      this.carryBytes += length - start;
      if (this.carryBytes > this.maxLineBytes) {
        this.skipping = true;
        this.carry = [];
      } else {
        // Copy: the chunk buffer may be reused by the next read.
        this.carry.push(Buffer.from(chunk.subarray(start, length)));
      }
    }
  }

  /** The input ended: a last line without `\n` (a write cut short) is visited too. */
  finish(): ScanResult {
    if (this.carryBytes > 0 || this.skipping) this.endLine(Buffer.alloc(0), 0, 0);
    return { bytes: this.bytes, lines: this.lines, oversized: this.oversized };
  }

  private endLine(buf: Buffer, start: number, end: number): void {
    this.lines++;
    if (this.skipping || this.carryBytes + (end - start) > this.maxLineBytes) {
      this.oversized++;
    } else if (this.carryBytes > 0) {
      this.carry.push(buf.subarray(start, end));
      const whole = Buffer.concat(this.carry);
      this.visit(whole, 0, whole.length);
    } else {
      this.visit(buf, start, end);
    }
    this.carry = [];
    this.carryBytes = 0;
    this.skipping = false;
  }
}

/** Visit every line of `path`. A last line without `\n` (a write cut short) is visited too. */
export async function scanLines(path: string, visit: LineVisitor, opts: ScanOptions = {}): Promise<ScanResult> {
  const chunkBytes = opts.chunkBytes ?? 1 << 20;
  const chunk = Buffer.allocUnsafe(chunkBytes);
  const splitter = new LineSplitter(visit, opts);
  // Only a regular file (a FIFO named as a transcript never settles), within a time limit scaled for a whole transcript.
  await readRegularFile(
    path,
    async (handle) => {
      for (;;) {
        const bytesRead = await handle.read(chunk, 0, chunkBytes, null);
        if (bytesRead === 0) break;
        splitter.push(chunk, bytesRead);
      }
    },
    opts.limitMs ?? 120_000,
  );
  return splitter.finish();
}
