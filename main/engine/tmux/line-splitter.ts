/** Pure: turns a byte stream into complete lines, decoding UTF-8 only once a whole line is there. */

/** Splits on `\n`; a multi-byte character cut across two chunks is never mangled. */
export class LineSplitter {
  private pending: Buffer = Buffer.alloc(0);

  /** Complete lines contained in the data so far (without the `\n`). */
  push(chunk: Buffer): string[] {
    return this.pushBytes(chunk).map((line) => line.toString('utf8'));
  }

  /** The same lines, undecoded (views of the data): a caller can look at a line's first bytes without decoding the rest. */
  pushBytes(chunk: Buffer): Buffer[] {
    const data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const lines: Buffer[] = [];
    let start = 0;
    for (let nl = data.indexOf(0x0a, start); nl >= 0; nl = data.indexOf(0x0a, start)) {
      lines.push(data.subarray(start, nl));
      start = nl + 1;
    }
    // A copy, so the chunk the rest came from is not kept alive by a view of its tail.
    this.pending = start < data.length ? Buffer.from(data.subarray(start)) : Buffer.alloc(0);
    return lines;
  }

  /** The unterminated rest, if any (at end of stream). */
  flush(): string | null {
    if (this.pending.length === 0) return null;
    const rest = this.pending.toString('utf8');
    this.pending = Buffer.alloc(0);
    return rest;
  }
}
