/** Reduce a capture to what matters for "has the screen changed": the bottom lines minus volatile ones. */
import { createHash } from 'node:crypto';
import type { RuntimeModule } from '../runtimes/types.ts';

/** How many non-blank, non-volatile lines from the bottom take part in the hash (15: a whole prompt with its options, while scrollback above it changes nothing). */
export const DIGEST_LINES = 15;

/** The bottom `count` meaningful lines: trailing blanks and runtime-volatile lines removed. */
export function meaningfulTail(lines: readonly string[], runtime: RuntimeModule, count = DIGEST_LINES): string[] {
  const kept: string[] = [];
  for (let i = lines.length - 1; i >= 0 && kept.length < count; i--) {
    const line = (lines[i] ?? '').trimEnd();
    if (line === '' || runtime.isVolatileLine(line)) continue;
    kept.push(line);
  }
  return kept.reverse();
}

/** Hash of the meaningful tail; equal hashes mean "nothing meaningful changed". */
export function digestOf(lines: readonly string[], runtime: RuntimeModule): string {
  return createHash('sha1').update(meaningfulTail(lines, runtime).join('\n')).digest('hex');
}

/** The last `count` non-blank lines as shown (with colour when given), for the queue's pane preview. */
export function displayTail(lines: readonly string[], count = 12): string[] {
  let end = lines.length;
  // eslint-disable-next-line no-control-regex
  while (end > 0 && (lines[end - 1] ?? '').replace(/\x1b\[[0-9;:]*m/g, '').trim() === '') end--;
  return lines.slice(Math.max(0, end - count), end).map((l) => l.trimEnd());
}
