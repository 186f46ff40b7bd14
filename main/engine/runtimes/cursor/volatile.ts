/** Cursor agent lines that change while nothing meaningful changes (unverified). */
import { cursorWorkingLine } from './status.ts';

/** The spinner / progress line. */
export function isCursorVolatileLine(line: string): boolean {
  return cursorWorkingLine([line]) !== null;
}
