/**
 * Standard input for the CLI, from a pipe, a file or a terminal: one line for a question ("Pair with
 * …? [y/N]"), or everything up to end of input for a payload (`trailboss hook`).
 */
import type { Readable } from 'node:stream';

/** A line longer than this is not an answer: the text so far is the line (a pasted file must not fill memory). */
export const MAX_LINE_BYTES = 64 * 1024;

/** Everything a payload may be: the hook forwarder (bin/trailboss-hook.mjs) keeps as much, and the engine takes no more. */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

/**
 * Everything on `input` up to its end (the first MAX_INPUT_BYTES; the rest is read and dropped). A
 * terminal is no payload: nobody is going to type one and press ^D, so it reads as empty at once.
 */
export async function readAll(input: Readable & { isTTY?: boolean }): Promise<string> {
  if (input.isTTY) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    if (size < MAX_INPUT_BYTES) chunks.push(bytes.subarray(0, MAX_INPUT_BYTES - size));
    size += bytes.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One line from `input`: without its line ending, the last unterminated text at end of input, or null
 * when the input ended with nothing. What was read past the line is put back. Unlike readline's `once('line')`, nothing can end the answer before
 * the line is handed on (closing a readline interface emits 'close' at once, and a close handler
 * that answers "end of input" wins the race: `phone pair` then read no answer, ever).
 */
export function readLine(input: Readable): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (line: string | null, rest?: Buffer) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onEnd);
      input.pause();
      if (rest && rest.length > 0) input.unshift(rest);
      resolve(line);
    };
    const text = (bytes: Buffer) => bytes.toString('utf8').replace(/\r$/, '');
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      const newline = bytes.indexOf(0x0a);
      if (newline >= 0) {
        chunks.push(bytes.subarray(0, newline));
        return finish(text(Buffer.concat(chunks)), bytes.subarray(newline + 1));
      }
      chunks.push(bytes);
      size += bytes.length;
      if (size >= MAX_LINE_BYTES) finish(text(Buffer.concat(chunks)));
    };
    const onEnd = () => finish(size > 0 ? text(Buffer.concat(chunks)) : null);
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('error', onEnd);
    // A stream paused by an earlier question does not flow again just because it has a listener.
    input.resume();
    // An input that has already ended (read to its end by an earlier question) emits no 'end' again.
    if (input.readableEnded) onEnd();
  });
}
