/** Cursor agent lines that change while nothing meaningful changes. */
import { cursorWorkingLine } from './status.ts';

/** The spinner / progress line (`⠞ Running  71 tokens`), and the input row while it says `ctrl+c to stop`. */
export function isCursorVolatileLine(line: string): boolean {
  return cursorWorkingLine([line]) !== null;
}
