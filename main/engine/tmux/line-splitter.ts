/** Pure: turns a byte stream into complete lines, decoding UTF-8 only once a whole line is there. */

/** Splits on `\n`; a multi-byte character cut across two chunks is never mangled. */
export class LineSplitter {
  private pending: Buffer = Buffer.alloc(0);

  /** Complete lines contained in the data so far (without the `\n`). */
  push(chunk: Buffer): string[] {
    const data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const lines: string[] = [];
    let start = 0;
    for (let nl = data.indexOf(0x0a, start); nl >= 0; nl = data.indexOf(0x0a, start)) {
      lines.push(data.toString('utf8', start, nl));
      start = nl + 1;
    }
    this.pending = data.subarray(start);
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
