/**
 * The CLI's standard input readers over real Node streams. The process's own stdin, a pipe and a
 * terminal, is covered end to end by interactive-io.test.ts.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES, MAX_LINE_BYTES, readAll, readLine } from '../../main/cli/stdin-read.ts';

describe('readLine', () => {
  it('answers a line typed in pieces, without its line ending', async () => {
    const input = new PassThrough();
    const line = readLine(input);
    input.write('y');
    input.write('es\r');
    input.write('\n');
    expect(await line).toBe('yes');
  });

  it('puts back what came after the line, for the next question', async () => {
    const input = new PassThrough();
    input.end('first\nsecond\nthird');
    expect(await readLine(input)).toBe('first');
    expect(await readLine(input)).toBe('second');
    expect(await readLine(input)).toBe('third');
    expect(await readLine(input)).toBeNull();
  });

  it('answers null at the end of an empty input, and an empty line as ""', async () => {
    const empty = new PassThrough();
    empty.end();
    expect(await readLine(empty)).toBeNull();
    const blank = new PassThrough();
    blank.end('\n');
    expect(await readLine(blank)).toBe('');
  });

  it('stops at MAX_LINE_BYTES on an input with no line ending', async () => {
    const input = new PassThrough();
    const line = readLine(input);
    input.write(Buffer.alloc(MAX_LINE_BYTES + 10, 'a'));
    expect((await line)?.length).toBe(MAX_LINE_BYTES + 10);
    input.write('more');
    expect(input.isPaused()).toBe(true);
  });
});

describe('readAll', () => {
  it('reads to the end of input', async () => {
    const input = new PassThrough();
    const all = readAll(input);
    input.write('{"a":');
    input.end('1}');
    expect(await all).toBe('{"a":1}');
  });

  it('keeps the first MAX_INPUT_BYTES and still reads the input to its end', async () => {
    const input = new PassThrough();
    const all = readAll(input);
    input.write(Buffer.alloc(MAX_INPUT_BYTES - 1, 'a'));
    input.write(Buffer.alloc(10, 'b'));
    input.end(Buffer.alloc(MAX_INPUT_BYTES, 'c'));
    expect(await all).toBe(`${'a'.repeat(MAX_INPUT_BYTES - 1)}b`);
    expect(input.readableEnded).toBe(true);
  });

  it('reads a terminal as empty at once', async () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true });
    expect(await readAll(tty)).toBe('');
  });
});
